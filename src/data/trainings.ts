import type { Training, TrainingInput, PublicTraining } from '../domain/training';
import { publicListing } from '../domain/publicListing';
import { getSql } from './db';
import { requestPublish } from './publishQueue';

/** Trainings repository. Every write queues a publish in its own transaction. */

/**
 * The public list at `now`: the published rows with their trainer's name and photo, passed through
 * publicListing(), the one rule for what the public sees (src/domain/publicListing.ts). The `where`
 * only spares loading drafts; the rule, the end instant and the order are decided in that function.
 * Filters, search, paging and counts run in memory (src/server/publicListing.ts).
 */
export async function listPublished(now = new Date()): Promise<PublicTraining[]> {
  const sql = await getSql();
  const rows = await sql<PublicTraining[]>`
    select t.*, json_build_object('name', tr.name, 'photo', tr.photo) as trainer
    from trainings t left join trainers tr on tr.id = t.trainer_id
    where t.is_published`;
  return publicListing(rows, now);
}

export async function findPublishedById(id: string): Promise<PublicTraining | undefined> {
  const sql = await getSql();
  const [row] = await sql<PublicTraining[]>`
    select t.*, json_build_object('name', tr.name, 'photo', tr.photo) as trainer
    from trainings t left join trainers tr on tr.id = t.trainer_id
    where t.id = ${id} and t.is_published`;
  return row;
}

export async function listAll(): Promise<Training[]> {
  const sql = await getSql();
  return sql<Training[]>`select * from trainings order by start_date desc, title`;
}

export async function findById(id: string): Promise<Training | undefined> {
  const sql = await getSql();
  const [row] = await sql<Training[]>`select * from trainings where id = ${id}`;
  return row;
}

export async function insert(input: TrainingInput): Promise<Training> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [row] = await tx<Training[]>`insert into trainings ${tx(input)} returning *`;
    await requestPublish(tx, `training created ${row!.id}`);
    return row!;
  });
}

export async function update(id: string, input: Partial<TrainingInput>): Promise<Training | undefined> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [row] = await tx<Training[]>`
      update trainings set ${tx(input)}, updated_at = now() where id = ${id} returning *`;
    if (row) await requestPublish(tx, `training updated ${id}`);
    return row;
  });
}

export async function remove(id: string): Promise<Training | undefined> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [row] = await tx<Training[]>`delete from trainings where id = ${id} returning *`;
    if (row) await requestPublish(tx, `training deleted ${id}`);
    return row;
  });
}

export async function count(): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from trainings`;
  return row!.n;
}
