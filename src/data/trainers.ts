import type { PublicTrainer, Trainer, TrainerInput } from '../domain/trainer';
import { getSql } from './db';
import { requestPublish } from './publishQueue';
import {
  ADMIN_PAGE_SIZE,
  DEFAULT_TRAINER_SORT,
  likePattern,
  parseSort,
  type ListPage,
  type TrainerListQuery,
} from '../domain/adminList';

/** Trainers repository (SPEC §3). Every write queues a publish in its own transaction. */

export async function listAll(): Promise<Trainer[]> {
  const sql = await getSql();
  return sql<Trainer[]>`select * from trainers order by lower(name), created_at`;
}

export async function findById(id: string): Promise<Trainer | undefined> {
  const sql = await getSql();
  const [row] = await sql<Trainer[]>`select * from trainers where id = ${id}`;
  return row;
}

export async function findPublicById(id: string): Promise<PublicTrainer | undefined> {
  const sql = await getSql();
  const [row] = await sql<PublicTrainer[]>`
    select id, name, bio, website, photo, credentials from trainers where id = ${id}`;
  return row;
}

export async function insert(input: TrainerInput): Promise<Trainer> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [row] = await tx<Trainer[]>`insert into trainers ${tx(input)} returning *`;
    await requestPublish(tx, `trainer created ${row!.id}`);
    return row!;
  });
}

export async function update(id: string, input: TrainerInput): Promise<Trainer | undefined> {
  return (await updateReturningPrevious(id, input))?.trainer;
}

/** Also answers the photo it replaced, so the caller can delete that object after the commit (issue 6). */
export async function updateReturningPrevious(
  id: string,
  input: TrainerInput,
): Promise<{ trainer: Trainer; previousPhoto: string | null } | undefined> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [old] = await tx<{ photo: string | null }[]>`select photo from trainers where id = ${id} for update`;
    if (!old) return undefined;
    const [row] = await tx<Trainer[]>`
      update trainers set ${tx(input)}, updated_at = now() where id = ${id} returning *`;
    await requestPublish(tx, `trainer updated ${id}`);
    return { trainer: row!, previousPhoto: old.photo };
  });
}

/** Whether any trainer still shows this photo (an object may only be deleted when none does). */
export async function isPhotoInUse(photo: string): Promise<boolean> {
  const sql = await getSql();
  const [row] = await sql<{ used: boolean }[]>`select exists(select 1 from trainers where photo = ${photo}) as used`;
  return row!.used;
}

/** Every photo a trainer shows (the sweep of abandoned uploads keeps these). */
export async function photosInUse(): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ photo: string }[]>`select distinct photo from trainers where photo is not null`;
  return rows.map((row) => row.photo);
}

/** Deletes the trainer and, by the foreign key's cascade, its trainings (SPEC §3). */
export async function remove(id: string): Promise<Trainer | undefined> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [row] = await tx<Trainer[]>`delete from trainers where id = ${id} returning *`;
    if (row) await requestPublish(tx, `trainer deleted ${id}`);
    return row;
  });
}

export async function count(): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from trainers`;
  return row!.n;
}

/** One page of the admin table: name, credentials or a served state match the search. */
export async function listPage(query: TrainerListQuery): Promise<ListPage<Trainer>> {
  const sql = await getSql();
  const page = query.page ?? 1;
  const pattern = query.search ? likePattern(query.search) : null;
  const sort = parseSort(query.sort ?? DEFAULT_TRAINER_SORT);
  const direction = sort.descending ? sql`desc` : sql`asc`;
  const where = pattern
    ? sql`where name ilike ${pattern} or credentials ilike ${pattern} or array_to_string(states_served, ' ') ilike ${pattern}`
    : sql``;
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from trainers ${where}`;
  const rows = await sql<Trainer[]>`
    select * from trainers ${where}
    order by lower(name) ${direction}, created_at, id
    limit ${ADMIN_PAGE_SIZE} offset ${(page - 1) * ADMIN_PAGE_SIZE}`;
  return { rows, total: counted!.n, page };
}
