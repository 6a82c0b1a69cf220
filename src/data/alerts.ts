import { sharedSecret } from './secrets/appSecrets';
import { getSql } from './database/db';
import type { Tx } from './publishQueue';
import { transaction } from './database/transaction';

/** Alerts repository (db/migrations/00024_alerts.sql): one saved search of one email address. */
export type AlertFrequency = 'daily' | 'weekly';

export interface Alert {
  id: string;
  email: string;
  query: string;
  frequency: AlertFrequency;
  confirmNonce: string;
  createdAt: Date;
  confirmedAt: Date | null;
  listedSince: Date | null;
  lastSentAt: Date | null;
}

export async function insert(input: {
  email: string;
  query: string;
  frequency: AlertFrequency;
  confirmNonce: string;
  id?: string;
}, tx?: Tx): Promise<Alert> {
  const sql = tx ?? (await getSql());
  const [row] = await sql<Alert[]>`insert into alerts ${sql(input)} returning *`;
  return row!;
}

export async function findById(id: string): Promise<Alert | undefined> {
  const sql = await getSql();
  const [row] = await sql<Alert[]>`select * from alerts where id = ${id}`;
  return row;
}

/** Unconfirmed alerts of this address created in the last day. */
export async function countRecentUnconfirmed(email: string): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from alerts
    where lower(email) = lower(${email}) and confirmed_at is null and created_at > now() - interval '1 day'`;
  return row!.n;
}

/**
 * Confirms the alert when the link's nonce is still the alert's (each link confirms once): from now
 * on it is sent trainings first published after this moment. A confirmed alert replaces the
 * address's other alerts for the same query (a new frequency, a renewed year), in one transaction.
 */
export async function confirm(id: string, nonce: string, nextNonce: string): Promise<Alert | undefined> {
  return transaction(async (tx) => {
    const [row] = await tx<Alert[]>`
      update alerts
      set confirmed_at = now(), listed_since = coalesce(listed_since, date_trunc('milliseconds', now())),
        confirm_nonce = ${nextNonce}
      where id = ${id} and confirm_nonce = ${nonce}
      returning *`;
    if (!row) return undefined;
    await tx`delete from alerts where lower(email) = lower(${row.email}) and query = ${row.query} and id <> ${id}`;
    return row;
  });
}

export async function remove(id: string): Promise<boolean> {
  const sql = await getSql();
  const rows = await sql`delete from alerts where id = ${id} returning id`;
  return rows.length > 0;
}


/**
 * Confirmed alerts whose digest may be due: the daily ones whose watermark is at least
 * `dailyAfterMs` old, the weekly ones at least `weeklyAfterMs` (null: none of the weekly ones).
 */
export async function listDue(dailyAfterMs: number, weeklyAfterMs: number | null): Promise<Alert[]> {
  const sql = await getSql();
  const olderThan = (ms: number) => sql`listed_since <= now() - ${ms}::float8 * interval '1 millisecond'`;
  return sql<Alert[]>`
    select * from alerts
    where confirmed_at is not null and listed_since is not null
      and ((frequency = 'daily' and ${olderThan(dailyAfterMs)})
           or (frequency = 'weekly' and ${weeklyAfterMs === null ? sql`false` : olderThan(weeklyAfterMs)}))
    order by created_at, id`;
}

/**
 * Claims the window from the alert's watermark `from` to `until` for one sender: true when the
 * watermark was still `from` (it then moves to `until`), false when another sender took it first.
 * `sent` records a digest going out for it.
 */
export async function claim(id: string, from: Date, until: Date, sent: boolean, tx?: Tx): Promise<boolean> {
  const sql = tx ?? (await getSql());
  const rows = await sql`
    update alerts set listed_since = ${until}, last_sent_at = case when ${sent} then now() else last_sent_at end
    where id = ${id} and listed_since = ${from}
    returning id`;
  return rows.length > 0;
}

/** Unconfirmed alerts older than `unconfirmedMs`, confirmed ones not confirmed again for `confirmedMs`. */
export async function removeExpired(unconfirmedMs: number, confirmedMs: number): Promise<number> {
  const sql = await getSql();
  const rows = await sql`
    delete from alerts
    where (confirmed_at is null and created_at < now() - ${unconfirmedMs}::float8 * interval '1 millisecond')
       or (confirmed_at < now() - ${confirmedMs}::float8 * interval '1 millisecond')
    returning id`;
  return rows.length;
}

/** The database's clock, to the millisecond (the watermarks are compared with its times). */
export async function databaseNow(): Promise<Date> {
  const sql = await getSql();
  const [row] = await sql<{ now: Date }[]>`select date_trunc('milliseconds', now()) as now`;
  return row!.now;
}

export async function countConfirmed(): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from alerts where confirmed_at is not null`;
  return row!.n;
}

/** The alert links' signing secret, shared by every instance. */
export function signingSecret(): Promise<Buffer> {
  return sharedSecret('alert_token_key');
}

/** The SHA-256 of an address, lower-cased, in hex: how a manage link names the address without showing it. */
const EMAIL_HASH = (sql: Awaited<ReturnType<typeof getSql>>) =>
  sql`encode(sha256(convert_to(lower(email), 'UTF8')), 'hex')`;

export async function listConfirmedByEmailHash(hash: string): Promise<Alert[]> {
  const sql = await getSql();
  return sql<Alert[]>`
    select * from alerts where ${EMAIL_HASH(sql)} = ${hash} and confirmed_at is not null
    order by created_at, id`;
}

export async function removeByEmailHash(hash: string, id?: string): Promise<number> {
  const sql = await getSql();
  const rows = await sql`
    delete from alerts where ${EMAIL_HASH(sql)} = ${hash} ${id ? sql`and id = ${id}` : sql``} returning id`;
  return rows.length;
}
