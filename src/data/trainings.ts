import type { Training, TrainingInput, PublicTraining } from '../domain/training';
import { publicListing } from '../domain/listing/publicListing';
import { getSql } from './database/db';
import { queuePublish, requestPublish, type Tx } from './publishQueue';
import { withinSignalled } from './database/transaction';
import {
  ADMIN_PAGE_SIZE,
  DEFAULT_TRAINING_SORT,
  likePattern,
  parseSort,
  type ListPage,
  type TrainingListQuery,
} from '../domain/adminList';

/** Trainings repository. Every write queues a publish in its own transaction. */

/**
 * The public list at `now`: the published rows with their trainer's name and photo, passed through
 * publicListing(), the one rule for what the public sees (src/domain/listing/publicListing.ts). The `where`
 * only spares loading drafts; the rule, the end instant and the order are decided in that function.
 * Filters, search, paging and counts run in memory (src/services/publicListing.ts).
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

/** `only`: the trainer ids a partner keeps (services/trainerScope.ts); null for every trainer's. */
export async function listAll(only: readonly string[] | null = null): Promise<Training[]> {
  const sql = await getSql();
  return sql<Training[]>`select * from trainings
    where (${only === null}::boolean or trainer_id = any(${only ?? []}::uuid[]))
    order by start_date desc, title`;
}

export async function findById(id: string): Promise<Training | undefined> {
  const sql = await getSql();
  const [row] = await sql<Training[]>`select * from trainings where id = ${id}`;
  return row;
}

type JsonValue = Parameters<Tx['json']>[0];

/**
 * The row to write: the structured facts and the parts go as JSON documents (postgres.js would send
 * a list as a PostgreSQL array).
 */
export function columns(tx: Tx, input: Partial<TrainingInput>) {
  const row: Record<string, unknown> = { ...input };
  if (input.ceApprovals !== undefined) row.ceApprovals = tx.json(input.ceApprovals);
  if (input.parts !== undefined) row.parts = tx.json(input.parts as unknown as JsonValue);
  if (input.consultation !== undefined)
    row.consultation = input.consultation === null ? null : tx.json(input.consultation);
  if (input.eligibleLicenses !== undefined) row.eligibleLicenses = tx.json(input.eligibleLicenses);
  if (input.students !== undefined) row.students = input.students === null ? null : tx.json(input.students);
  return row;
}

export async function insert(input: TrainingInput, tx?: Tx): Promise<Training> {
  return withinSignalled(tx, async (tx) => {
    const [row] = await tx<Training[]>`insert into trainings ${tx(columns(tx, input))} returning *`;
    await queuePublish(tx, `training created ${row!.id}`);
    return row!;
  });
}

/** The row, locked until the transaction ends (a version check and the write see the same row). */
export async function lockById(tx: Tx, id: string): Promise<Training | undefined> {
  const [row] = await tx<Training[]>`select * from trainings where id = ${id} for update`;
  return row;
}

/** The trainer's trainings, locked (deleting the trainer deletes them: the history keeps them). */
export async function lockByTrainer(tx: Tx, trainerId: string): Promise<Training[]> {
  return tx<Training[]>`select * from trainings where trainer_id = ${trainerId} order by start_date for update`;
}

export async function update(id: string, input: Partial<TrainingInput>, tx?: Tx): Promise<Training | undefined> {
  return withinSignalled(tx, async (tx) => {
    // updatedAt moves forward by at least a millisecond at every write: the ETag changes with it.
    const [row] = await tx<Training[]>`
      update trainings
      set ${tx(columns(tx, input))},
        updated_at = greatest(date_trunc('milliseconds', now()), updated_at + interval '1 millisecond')
      where id = ${id} returning *`;
    if (row) await queuePublish(tx, `training updated ${id}`);
    return row;
  });
}

export async function remove(id: string, tx?: Tx): Promise<Training | undefined> {
  return withinSignalled(tx, async (tx) => {
    const [row] = await tx<Training[]>`delete from trainings where id = ${id} returning *`;
    if (row) await queuePublish(tx, `training deleted ${id}`);
    return row;
  });
}
/**
 * "These details are current" (docs/product.md, Trust): the page shows when, so it is published; it
 * is not an edit, so `updated_at` (the record's version) stays as it is.
 */
export async function confirmDetails(tx: Tx, id: string): Promise<Training | undefined> {
  const [row] = await tx<Training[]>`update trainings set details_confirmed_at = now() where id = ${id} returning *`;
  if (row) await requestPublish(tx, `training details confirmed ${id}`);
  return row;
}

/** One page of the admin table, searched, filtered and sorted in SQL: the browser gets 50 rows, never thousands. */
export async function listPage(
  query: TrainingListQuery,
  only: readonly string[] | null = null,
  now = new Date(),
): Promise<ListPage<Training>> {
  const sql = await getSql();
  const page = query.page ?? 1;
  const pattern = query.search ? likePattern(query.search) : null;
  const sort = parseSort(query.sort ?? DEFAULT_TRAINING_SORT);
  const column = { startDate: sql`t.start_date`, title: sql`lower(t.title)`, price: sql`t.price` }[sort.key] ?? sql`t.start_date`;
  const direction = sort.descending ? sql`desc` : sql`asc`;
  // Published and Draft are the trainings still to come; Ended is every training whose end has passed.
  const status = {
    published: sql`and t.is_published and t.end_date >= ${now}`,
    draft: sql`and not t.is_published and t.end_date >= ${now}`,
    ended: sql`and t.end_date < ${now}`,
    // Anything of it waits for review: a new training, a change, a delete request.
    waiting: sql`and exists (select 1 from submissions s where s.record_id = t.id and s.status = 'pending')`,
  };
  // Soonest first means the trainings to come first, then the ended ones.
  const comingFirst = sort.key === 'startDate' && !sort.descending ? sql`(t.end_date < ${now}),` : sql``;
  const where = sql`
    where (${only === null}::boolean or t.trainer_id = any(${only ?? []}::uuid[]))
    ${pattern ? sql`and (t.title ilike ${pattern} or tr.name ilike ${pattern} or t.location ilike ${pattern})` : sql``}
    ${query.status ? status[query.status] : sql``}
    ${query.format ? sql`and t.format = ${query.format}` : sql``}`;
  const [counted] = await sql<{ n: number }[]>`
    select count(*)::int as n from trainings t left join trainers tr on tr.id = t.trainer_id ${where}`;
  const rows = await sql<Training[]>`
    select t.* from trainings t left join trainers tr on tr.id = t.trainer_id ${where}
    order by ${comingFirst} ${column} ${direction}, t.title, t.id
    limit ${ADMIN_PAGE_SIZE} offset ${(page - 1) * ADMIN_PAGE_SIZE}`;
  return { rows, total: counted!.n, page };
}
