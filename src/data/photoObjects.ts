import { getSql } from './database/db';

/**
 * Which photo objects this database made (db/migrations/00017_photo_objects.sql): the only ones it
 * may ever delete. An upload URL is recorded when it is issued and claimed once when it is
 * registered; the re-encoded copy is recorded as a photo before it is written.
 */
export type PhotoObjectKind = 'upload' | 'photo';

export async function recordPhotoObject(key: string, kind: PhotoObjectKind): Promise<void> {
  const sql = await getSql();
  await sql`
    insert into photo_objects (key, kind) values (${key}, ${kind})
    on conflict (key) do update set kind = excluded.kind`;
}

/** Takes a fresh upload for registration: true once per upload URL this database issued. */
export async function claimUpload(key: string): Promise<boolean> {
  const sql = await getSql();
  const rows = await sql`delete from photo_objects where key = ${key} and kind = 'upload' returning key`;
  return rows.length === 1;
}

/** A re-encoded photo this database registered: the only kind a trainer may be given. */
export async function isOwnPhoto(key: string): Promise<boolean> {
  const sql = await getSql();
  const [row] = await sql<{ own: boolean }[]>`
    select exists(select 1 from photo_objects where key = ${key} and kind = 'photo') as own`;
  return row!.own;
}

/** Whether this database made the object (an upload or a photo): only then may it delete it. */
export async function isOwnObject(key: string): Promise<boolean> {
  const sql = await getSql();
  const [row] = await sql<{ own: boolean }[]>`select exists(select 1 from photo_objects where key = ${key}) as own`;
  return row!.own;
}

/** Every object this database made, with when (for the sweep). */
export async function ownedPhotoObjects(): Promise<Map<string, Date>> {
  const sql = await getSql();
  const rows = await sql<{ key: string; createdAt: Date }[]>`select key, created_at from photo_objects`;
  return new Map(rows.map((row) => [row.key, row.createdAt]));
}

export async function forgetPhotoObject(key: string): Promise<void> {
  const sql = await getSql();
  await sql`delete from photo_objects where key = ${key}`;
}
