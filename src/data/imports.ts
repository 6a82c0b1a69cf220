import { getSql, type Sql } from './database/db';
import type { Tx } from './publishQueue';

/**
 * Import runs, feeds and the links from a listing to the row or event it came from
 * (db/migrations/00090_imports.sql; docs/decisions/0047-import-matching-and-locks.md).
 */
type JsonValue = Parameters<Tx['json']>[0];
const asJson = (sql: Sql | Tx, value: unknown) => sql.json(JSON.parse(JSON.stringify(value)) as JsonValue);

export interface ImportRun {
  id: string;
  createdAt: Date;
  adminId: string | null;
  adminEmail: string;
  sourceKind: 'csv' | 'feed';
  source: string;
  feedId: string | null;
  items: unknown[];
  counts: Record<string, number>;
  appliedAt: Date | null;
  appliedCounts: (Record<string, number> & { refusedRows?: unknown[] }) | null;
}

export interface NewRun {
  adminId: string | null;
  adminEmail: string;
  sourceKind: 'csv' | 'feed';
  source: string;
  feedId: string | null;
  items: unknown[];
  counts: Record<string, number>;
}

export async function insertRun(run: NewRun): Promise<ImportRun> {
  const sql = await getSql();
  const [row] = await sql<ImportRun[]>`
    insert into import_runs (admin_id, admin_email, source_kind, source, feed_id, items, counts)
    values (${run.adminId}, ${run.adminEmail}, ${run.sourceKind}, ${run.source}, ${run.feedId},
            ${asJson(sql, run.items)}, ${asJson(sql, run.counts)})
    returning *`;
  return row!;
}

/** A member's own run (another's is unknown to them). */
export async function findRun(id: string, adminId: string | null): Promise<ImportRun | undefined> {
  const [row] = await (await getSql())<ImportRun[]>`
    select * from import_runs where id = ${id} and admin_id is not distinct from ${adminId}`;
  return row;
}

/** Claims a run for its Apply, once: false when it was applied already (a second Apply). */
export async function claimRun(id: string): Promise<boolean> {
  const rows = await (await getSql())`update import_runs set applied_at = now() where id = ${id} and applied_at is null returning id`;
  return rows.length === 1;
}

export async function recordApplied(id: string, counts: object, refused: unknown[]): Promise<void> {
  const sql = await getSql();
  await sql`update import_runs set applied_counts = ${asJson(sql, { ...counts, refusedRows: refused })} where id = ${id}`;
}

/** The runs a member made (the team reads every run), newest first. */
export async function listRuns(adminId: string | null, all: boolean, limit = 50): Promise<ImportRun[]> {
  return (await getSql())<ImportRun[]>`
    select * from import_runs
    where ${all} or admin_id is not distinct from ${adminId}
    order by created_at desc limit ${limit}`;
}

export interface ImportLink {
  listingId: string;
  kind: 'training';
  trainerId: string;
  uid: string | null;
  source: string;
  feedId: string | null;
  imported: Record<string, string>;
  written: Record<string, string>;
  missingSince: Date | null;
}

/** The links of the listings of these trainers (null: every trainer). */
export async function linksOf(trainerIds: readonly string[] | null): Promise<ImportLink[]> {
  const sql = await getSql();
  return trainerIds === null
    ? sql<ImportLink[]>`select * from import_links`
    : sql<ImportLink[]>`select * from import_links where trainer_id = any(${trainerIds as string[]}::uuid[])`;
}

export async function linkOf(listingId: string): Promise<ImportLink | undefined> {
  const [row] = await (await getSql())<ImportLink[]>`select * from import_links where listing_id = ${listingId}`;
  return row;
}

export async function saveLink(link: Omit<ImportLink, 'missingSince'>): Promise<void> {
  const sql = await getSql();
  await sql`
    insert into import_links (listing_id, kind, trainer_id, uid, source, feed_id, imported, written)
    values (${link.listingId}, ${link.kind}, ${link.trainerId}, ${link.uid}, ${link.source}, ${link.feedId},
            ${asJson(sql, link.imported)}, ${asJson(sql, link.written)})
    on conflict (listing_id) do update set
      trainer_id = excluded.trainer_id, uid = excluded.uid, source = excluded.source,
      feed_id = coalesce(excluded.feed_id, import_links.feed_id), imported = excluded.imported,
      written = excluded.written, missing_since = null, updated_at = now()`;
}

/** The feed's links whose event is gone from it now: marked once, with the first read that missed them. */
export async function markMissing(feedId: string, present: readonly string[], at: Date): Promise<void> {
  const sql = await getSql();
  await sql`
    update import_links set missing_since = null
    where feed_id = ${feedId} and missing_since is not null and uid = any(${present as string[]}::text[])`;
  await sql`
    update import_links set missing_since = ${at}
    where feed_id = ${feedId} and missing_since is null and not (uid = any(${present as string[]}::text[]))`;
}

/** "Keep it": the listing stays, no longer tied to the feed, so it is not flagged again. */
export async function unlink(listingId: string): Promise<void> {
  await (await getSql())`delete from import_links where listing_id = ${listingId}`;
}

export interface ImportFeed {
  id: string;
  adminId: string | null;
  adminEmail: string;
  url: string;
  defaults: Record<string, unknown>;
  subscribed: boolean;
  checksum: string | null;
  lastReadAt: Date | null;
}

export async function saveFeed(feed: Pick<ImportFeed, 'adminId' | 'adminEmail' | 'url' | 'defaults'>): Promise<ImportFeed> {
  const sql = await getSql();
  const [row] = await sql<ImportFeed[]>`
    insert into import_feeds (admin_id, admin_email, url, defaults)
    values (${feed.adminId}, ${feed.adminEmail}, ${feed.url}, ${asJson(sql, feed.defaults)})
    on conflict (admin_id, url) do update set defaults = excluded.defaults
    returning *`;
  return row!;
}

export async function subscribe(id: string, subscribed: boolean): Promise<void> {
  await (await getSql())`update import_feeds set subscribed = ${subscribed} where id = ${id}`;
}

export async function subscribedFeeds(): Promise<ImportFeed[]> {
  return (await getSql())<ImportFeed[]>`select * from import_feeds where subscribed order by created_at`;
}

export async function markRead(id: string, checksum: string, at: Date): Promise<void> {
  await (await getSql())`update import_feeds set checksum = ${checksum}, last_read_at = ${at} where id = ${id}`;
}
