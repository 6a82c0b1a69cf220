import type { PublicTrainer, Trainer, TrainerInput } from '../domain/trainers/trainer';
import { getSql } from './database/db';
import { queuePublish, type Tx } from './publishQueue';
import { withinSignalled } from './database/transaction';
import {
  ADMIN_PAGE_SIZE,
  DEFAULT_TRAINER_SORT,
  likePattern,
  parseSort,
  type ListPage,
  type TrainerListQuery,
} from '../domain/adminList';

/** Trainers repository (docs/product.md). Every write queues a publish in its own transaction. */


/** `only`: the trainer ids a partner keeps (services/trainerScope.ts); null for every trainer. */
export async function listAll(only: readonly string[] | null = null): Promise<Trainer[]> {
  const sql = await getSql();
  return sql<Trainer[]>`select * from trainers
    where (${only === null}::boolean or id = any(${only ?? []}::uuid[]))
    order by lower(name), created_at`;
}

/** Every trainer's id and name, for a list to choose from (the Performance page's Trainer). */
export async function listNames(): Promise<{ id: string; name: string }[]> {
  const sql = await getSql();
  return sql<{ id: string; name: string }[]>`select id, name from trainers order by lower(name), created_at`;
}

export async function findById(id: string): Promise<Trainer | undefined> {
  const sql = await getSql();
  const [row] = await sql<Trainer[]>`select * from trainers where id = ${id}`;
  return row;
}

/** With the credentials the team checked on or after `verifiedSince` (docs/product.md, Trust). */
export async function findPublicById(id: string, verifiedSince: string): Promise<PublicTrainer | undefined> {
  const sql = await getSql();
  const [row] = await sql<PublicTrainer[]>`
    select id, slug, name, bio, website, photo, credentials,
           trainer_public_credentials(id, ${verifiedSince}::date) as verified
    from trainers where id = ${id}`;
  return row;
}

/** The name of the trainer a slug names, when a published training lists them; else undefined. */
export async function listedNameBySlug(slug: string): Promise<string | undefined> {
  const sql = await getSql();
  const [row] = await sql<{ name: string }[]>`
    select t.name from trainers t
    where t.slug = ${slug} and exists (select 1 from trainings x where x.trainer_id = t.id and x.is_published)`;
  return row?.name;
}

/** A trainer as stored: its photo is also held by its storage key (what the upload sweep keeps). */
export interface StoredTrainer extends Trainer {
  photoKey: string | null;
}

export async function insert(input: TrainerInput, photoKey: string | null = null, tx?: Tx): Promise<StoredTrainer> {
  return withinSignalled(tx, async (tx) => {
    const [row] = await tx<StoredTrainer[]>`insert into trainers ${tx({ ...input, photoKey })} returning *`;
    await queuePublish(tx, `trainer created ${row!.id}`);
    return row!;
  });
}

/** The row, locked until the transaction ends (a version check and the write see the same row). */
export async function lockById(tx: Tx, id: string): Promise<StoredTrainer | undefined> {
  const [row] = await tx<StoredTrainer[]>`select * from trainers where id = ${id} for update`;
  return row;
}

export async function update(
  id: string,
  input: TrainerInput,
  photoKey: string | null = null,
  tx?: Tx,
): Promise<StoredTrainer | undefined> {
  return withinSignalled(tx, async (tx) => {
    // Without a slug the trainer keeps theirs (a null would have the database make one anew).
    const { slug, ...rest } = input;
    const columns = slug ? { ...rest, slug, photoKey } : { ...rest, photoKey };
    // updatedAt moves forward by at least a millisecond at every write: the ETag changes with it.
    const [row] = await tx<StoredTrainer[]>`
      update trainers
      set ${tx(columns)},
        updated_at = greatest(date_trunc('milliseconds', now()), updated_at + interval '1 millisecond')
      where id = ${id} returning *`;
    if (row) await queuePublish(tx, `trainer updated ${id}`);
    return row;
  });
}

/**
 * Whether any trainer still holds this stored object (it may only be deleted when none does). A row
 * without a key (written by an older instance during a rolling deploy) holds the last path segment
 * of its photo: this only ever keeps more objects, never fewer.
 */
export async function isPhotoKeyInUse(key: string): Promise<boolean> {
  const sql = await getSql();
  const [row] = await sql<{ used: boolean }[]>`
    select exists(
      select 1 from trainers
      where coalesce(photo_key, substring(photo from '([a-f0-9]{32})$')) = ${key}
    ) or exists(
      select 1 from submissions
      where kind = 'trainer_edit' and status = 'pending' and substring(proposed->>'photo' from '([a-f0-9]{32})$') = ${key}
    ) as used`;
  return row!.used;
}

/**
 * Every storage key a trainer holds, or a partner's pending profile edit proposes (the photo waits
 * for a reviewer there, docs/product.md Review queue): the sweep of abandoned uploads keeps these.
 */
export async function photoKeysInUse(): Promise<string[]> {
  const sql = await getSql();
  const rows = await sql<{ key: string | null }[]>`
    select coalesce(photo_key, substring(photo from '([a-f0-9]{32})$')) as key from trainers
    union
    select substring(proposed->>'photo' from '([a-f0-9]{32})$') as key from submissions
    where kind = 'trainer_edit' and status = 'pending'`;
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/** Deletes the trainer and, by the foreign key's cascade, its trainings (docs/product.md). */
export async function remove(id: string, tx?: Tx): Promise<StoredTrainer | undefined> {
  return withinSignalled(tx, async (tx) => {
    const [row] = await tx<StoredTrainer[]>`delete from trainers where id = ${id} returning *`;
    if (row) await queuePublish(tx, `trainer deleted ${id}`);
    return row;
  });
}


/** One page of the admin table: name, credentials or a served state match the search. */
export async function listPage(query: TrainerListQuery, only: readonly string[] | null = null): Promise<ListPage<Trainer>> {
  const sql = await getSql();
  const page = query.page ?? 1;
  const pattern = query.search ? likePattern(query.search) : null;
  const sort = parseSort(query.sort ?? DEFAULT_TRAINER_SORT);
  const direction = sort.descending ? sql`desc` : sql`asc`;
  const where = sql`where (${only === null}::boolean or id = any(${only ?? []}::uuid[]))
    ${pattern ? sql`and (name ilike ${pattern} or credentials ilike ${pattern} or array_to_string(states_served, ' ') ilike ${pattern})` : sql``}`;
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from trainers ${where}`;
  const rows = await sql<Trainer[]>`
    select * from trainers ${where}
    order by lower(name) ${direction}, created_at, id
    limit ${ADMIN_PAGE_SIZE} offset ${(page - 1) * ADMIN_PAGE_SIZE}`;
  return { rows, total: counted!.n, page };
}
