import { getSql } from './database/db';

/**
 * Which photo objects this database made (db/migrations/00017_photo_objects.sql): the only ones it
 * may ever delete. An upload URL is recorded when it is issued and claimed once when it is
 * registered; the re-encoded copy is recorded as a photo before it is written.
 */
export type PhotoObjectKind = 'upload' | 'photo';

export async function recordPhotoObject(
  key: string,
  kind: PhotoObjectKind,
  by: { uploadedBy: string | null; bytes?: number | null } = { uploadedBy: null },
): Promise<void> {
  const sql = await getSql();
  await sql`
    insert into photo_objects (key, kind, uploaded_by, bytes)
    values (${key}, ${kind}, ${by.uploadedBy}, ${by.bytes ?? null})
    on conflict (key) do update set kind = excluded.kind`;
}

/**
 * Who may see an object (db/migrations/00042_photo_uploader.sql): `shown` when a trainer row, the
 * live record, shows it as its photo; else the member who uploaded it (null: nobody but the team).
 * Null when this database made no such object and no trainer shows it.
 */
export async function photoAudience(key: string): Promise<{ shown: boolean; uploadedBy: string | null } | null> {
  const sql = await getSql();
  const [row] = await sql<{ shown: boolean; known: boolean; uploadedBy: string | null }[]>`
    select exists (select 1 from trainers where photo_key = ${key})
           -- A row written before storage keys were kept names the object by its path alone.
           or exists (select 1 from trainers where photo_key is null and right(photo, 32) = ${key}) as shown,
           exists (select 1 from photo_objects where key = ${key}) as known,
           (select uploaded_by from photo_objects where key = ${key}) as uploaded_by`;
  if (!row || (!row.shown && !row.known)) return null;
  return { shown: row.shown, uploadedBy: row.uploadedBy };
}

/**
 * What a member uploaded lately (docs/product.md, Photos): upload URLs issued within `urlTtlMs` and
 * not registered yet, and the bytes of the last `dayMs`, an unregistered URL counting `urlBytes` (what
 * it may still receive). With the time each frees up.
 */
export async function uploadUsage(
  memberId: string,
  limits: { urlTtlMs: number; dayMs: number; urlBytes: number },
): Promise<{ outstanding: number; oldestOutstanding: Date | null; dayBytes: number; day: { at: Date; bytes: number }[] }> {
  const sql = await getSql();
  const rows = await sql<{ kind: PhotoObjectKind; createdAt: Date; bytes: number | null; live: boolean }[]>`
    select kind, created_at, bytes,
           created_at > now() - ${limits.urlTtlMs}::float8 * interval '1 millisecond' as live
    from photo_objects
    where uploaded_by = ${memberId} and created_at > now() - ${limits.dayMs}::float8 * interval '1 millisecond'
    order by created_at`;
  const open = rows.filter((row) => row.kind === 'upload' && row.live);
  const day = rows.map((row) => ({ at: row.createdAt, bytes: row.kind === 'upload' ? limits.urlBytes : (row.bytes ?? 0) }));
  return {
    outstanding: open.length,
    oldestOutstanding: open[0]?.createdAt ?? null,
    dayBytes: day.reduce((sum, row) => sum + row.bytes, 0),
    day,
  };
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
