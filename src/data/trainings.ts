import type { Training, TrainingInput, PublicTraining } from '../domain/training';
import type { TrainingFilters } from '../domain/filters';
import { formatsMatching, type TrainingFormat } from '../domain/formats';
import { dateRangeWindow, type DateRange } from '../domain/dateRanges';
import { getSql, type Sql } from './db';
import { requestPublish } from './publishQueue';

/** Trainings repository (SPEC §3). Every write queues a publish in its own transaction (issue 3). */

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The conditions of the public list: published, not ended, and every filter that is set (issue 2). */
function publicConditions(sql: Sql, filters: TrainingFilters, now: Date) {
  const conditions = [sql`t.is_published`, sql`t.end_date >= ${now}`];
  if (filters.state) conditions.push(sql`t.state = ${filters.state}`);
  if (filters.format) conditions.push(sql`t.format in ${sql(formatsMatching(filters.format as TrainingFormat))}`);
  if (filters.dateRange) {
    const { from, to } = dateRangeWindow(filters.dateRange as DateRange, now);
    conditions.push(sql`t.start_date >= ${from} and t.start_date < ${to}`);
  }
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`;
    conditions.push(sql`(t.title ilike ${pattern} or t.description ilike ${pattern} or t.location ilike ${pattern}
      or t.venue ilike ${pattern} or tr.name ilike ${pattern})`);
  }
  return conditions.reduce((all, next) => sql`${all} and ${next}`);
}

export async function listPublished(filters: TrainingFilters, now = new Date()): Promise<PublicTraining[]> {
  const sql = await getSql();
  return sql<PublicTraining[]>`
    select t.*, json_build_object('name', tr.name, 'photo', tr.photo) as trainer
    from trainings t left join trainers tr on tr.id = t.trainer_id
    where ${publicConditions(sql, filters, now)}
    order by t.start_date, t.title, t.id`;
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
