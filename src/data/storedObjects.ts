import { sharedSecret } from './secrets/appSecrets';
import { getSql } from './database/db';

/**
 * Trainer photos kept in the database (`stored_objects`), so every instance on one PostgreSQL serves
 * every photo. Objects are small (≤ 5 MB) and never change: a new photo gets a new key.
 */
export interface StoredObjectHead {
  key: string;
  contentType: string | null;
  size: number;
  createdAt: Date;
}

/** Stores a new object; false when the key is taken (an upload URL is good for one object). */
export async function insert(key: string, contentType: string | null, bytes: Buffer): Promise<boolean> {
  const sql = await getSql();
  const rows = await sql`
    insert into stored_objects (key, content_type, size, bytes) values (${key}, ${contentType}, ${bytes.length}, ${bytes})
    on conflict (key) do nothing returning key`;
  return rows.length === 1;
}

export async function findHead(key: string): Promise<StoredObjectHead | undefined> {
  const sql = await getSql();
  const [row] = await sql<StoredObjectHead[]>`
    select key, content_type, size, created_at from stored_objects where key = ${key}`;
  return row;
}

export async function readBytes(key: string, count?: number): Promise<Buffer | undefined> {
  const sql = await getSql();
  const [row] = await sql<{ bytes: Buffer }[]>`
    select ${count === undefined ? sql`bytes` : sql`substring(bytes from 1 for ${count})`} as bytes
    from stored_objects where key = ${key}`;
  return row?.bytes;
}

export async function remove(key: string): Promise<void> {
  const sql = await getSql();
  await sql`delete from stored_objects where key = ${key}`;
}

export async function listHeads(): Promise<StoredObjectHead[]> {
  const sql = await getSql();
  return sql<StoredObjectHead[]>`select key, content_type, size, created_at from stored_objects order by created_at`;
}

/** The upload-URL signing secret every instance shares. */
export function sharedSigningSecret(): Promise<Buffer> {
  return sharedSecret('upload_signing_key');
}
