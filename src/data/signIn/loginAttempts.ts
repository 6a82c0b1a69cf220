import { getSql } from '../database/db';
import { addressLimitKey } from '../../domain/clientNetwork';

/**
 * Login back-off rows (db/migrations/00011_login_backoff.sql). `charge` decides and records in one
 * transaction, with the subjects locked, so parallel attempts cannot all slip past the check.
 */
export const accountKey = (email: string) => `account:${email.toLowerCase().slice(0, 320)}`;
// An IPv6 client is held back by its /64 (domain/clientNetwork.ts): it may pick any address in it.
export const addressKey = (ip: string) => `address:${addressLimitKey(ip)}`;
export const knownKey = (email: string, ip: string) => `known:${email.toLowerCase().slice(0, 320)} ${ip.slice(0, 100)}`;

/** Advisory lock class for login subjects (two-key form: apart from the single-key locks elsewhere). */
const LOCK_CLASS = 7_110_016;

export type Charge = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * When none of `keys` is blocked, counts one more failure on each (to be refunded on success) and
 * blocks each for `delayMs(key, failures)`; otherwise changes nothing and says how long to wait.
 * Failures older than `forgetAfterMs` no longer count.
 */
export async function charge(
  keys: string[],
  delayMs: (key: string, failures: number) => number,
  forgetAfterMs: number,
): Promise<Charge> {
  const sql = await getSql();
  const sorted = [...new Set(keys)].sort();
  return sql.begin(async (tx) => {
    // Locks by name, in one order: a subject with no row yet is serialised too, and a refused
    // attempt writes nothing (an address spraying new emails while blocked adds no rows).
    for (const key of sorted) await tx`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${key}))`;
    const rows = await tx<{ key: string; failures: number; waitMs: number; stale: boolean }[]>`
      select key, failures,
             greatest(0, extract(epoch from blocked_until - now()) * 1000)::float8 as wait_ms,
             updated_at < now() - ${forgetAfterMs}::float8 * interval '1 millisecond' as stale
      from login_attempts where key = any(${sorted}::text[])`;
    const wait = Math.max(0, ...rows.map((row) => (row.stale ? 0 : row.waitMs)));
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    for (const key of sorted) {
      const row = rows.find((r) => r.key === key);
      const failures = (row && !row.stale ? row.failures : 0) + 1;
      await tx`
        insert into login_attempts (key, failures, blocked_until, updated_at)
        values (${key}, ${failures}, now() + ${delayMs(key, failures)}::float8 * interval '1 millisecond', now())
        on conflict (key) do update
        set failures = excluded.failures, blocked_until = excluded.blocked_until, updated_at = now()`;
    }
    return { allowed: true } as const;
  });
}

/** A correct password: these subjects start over. */
export async function clear(keys: string[]): Promise<void> {
  const sql = await getSql();
  await sql`delete from login_attempts where key = any(${keys}::text[])`;
}

export async function isKnown(email: string, ip: string): Promise<boolean> {
  const sql = await getSql();
  const [row] = await sql`select 1 from login_attempts where key = ${knownKey(email, ip)}`;
  return Boolean(row);
}

export async function remember(email: string, ip: string): Promise<void> {
  const sql = await getSql();
  await sql`
    insert into login_attempts (key, blocked_until) values (${knownKey(email, ip)}, now())
    on conflict (key) do update set updated_at = now()`;
}

/** Drops back-off rows that no longer count and addresses not used for `knownFor`. */
export async function prune(forgetAfterMs: number, knownForMs: number): Promise<number> {
  const sql = await getSql();
  // Rows another attempt holds are left for next time: pruning never waits for, or deadlocks with, a login.
  const result = await sql`
    delete from login_attempts where key in (
      select key from login_attempts
      where (key not like 'known:%' and updated_at < now() - ${forgetAfterMs}::float8 * interval '1 millisecond')
         or (key like 'known:%' and updated_at < now() - ${knownForMs}::float8 * interval '1 millisecond')
      for update skip locked)`;
  return result.count;
}
