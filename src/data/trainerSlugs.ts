import { getSql } from './database/db';
import type { Tx } from './publishQueue';

/**
 * Trainer slugs in use and the old ones that still redirect (docs/product.md, Trainer pages). The
 * unique constraint on trainers.slug is the last word (the database makes a free slug from the name);
 * these reads let the service answer a taken one with a field error instead of a database error.
 */

/** Whether another trainer's page has this slug now. */
export async function heldByOther(tx: Tx, slug: string, trainerId: string | null): Promise<boolean> {
  const [row] = await tx<{ held: boolean }[]>`
    select exists(select 1 from trainers where slug = ${slug} and id is distinct from ${trainerId}) as held`;
  return row!.held;
}

/**
 * The trainer moved from `oldSlug` to `newSlug`: the old address redirects to the trainer, and the
 * new one stops redirecting anywhere (it may have been this trainer's or another's before).
 */
export async function recordMove(tx: Tx, trainerId: string, oldSlug: string, newSlug: string): Promise<void> {
  await tx`delete from trainer_slug_redirects where slug = ${newSlug}`;
  await tx`
    insert into trainer_slug_redirects (slug, trainer_id) values (${oldSlug}, ${trainerId})
    on conflict (slug) do update set trainer_id = excluded.trainer_id, created_at = now()`;
}

/** A new trainer takes a slug that redirected elsewhere: its own page wins. */
export async function release(tx: Tx, slug: string): Promise<void> {
  await tx`delete from trainer_slug_redirects where slug = ${slug}`;
}

/** Every old slug with the slug it leads to now (the published site's 301s). */
export async function listRedirects(): Promise<{ from: string; to: string }[]> {
  const sql = await getSql();
  return sql<{ from: string; to: string }[]>`
    select r.slug as "from", t.slug as "to" from trainer_slug_redirects r join trainers t on t.id = r.trainer_id
    where r.slug <> t.slug order by r.slug`;
}

/** Every trainer's slug with their id (the public list's `?trainer=`). */
export async function trainerSlugIds(): Promise<Map<string, string>> {
  const sql = await getSql();
  const rows = await sql<{ slug: string; id: string }[]>`select slug, id from trainers`;
  return new Map(rows.map((row) => [row.slug, row.id]));
}
