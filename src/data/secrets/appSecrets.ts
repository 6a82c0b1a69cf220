import { randomBytes } from 'node:crypto';
import { getSql } from '../database/db';

/**
 * A 32-byte secret kept in `app_meta` under `key`: made by whichever instance asks first and then
 * shared by every instance on the database (a DATA_DIR's own file would not be), never in the
 * repository. The upload URLs and the alert links are signed with one each.
 */
export async function sharedSecret(key: string): Promise<Buffer> {
  const sql = await getSql();
  await sql`insert into app_meta (key, value) values (${key}, ${randomBytes(32).toString('base64url')})
            on conflict (key) do nothing`;
  const [row] = await sql<{ value: string }[]>`select value from app_meta where key = ${key}`;
  return Buffer.from(row!.value, 'base64url');
}
