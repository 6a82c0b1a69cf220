import { redact } from '../redact';
import type postgres from 'postgres';
import { getSql, type Sql } from './database/db';
import { PUBLISH_CHANNEL, wakePublishers } from './publishSignal';
import type { PublishHow } from '../domain/publishHow';

/**
 * The publish tables' one repository: the queue of requests (`publish_requests`), each site's
 * progress (`publish_sites`) and the record of builds (`publish_builds`). A site is one copy of the
 * published files (a DATA_DIR, or the CDN in deploy-hook mode).
 */
export type Tx = Sql | postgres.TransactionSql;

/** Whether a build of the site runs now; "queued" is derived (domain/siteStatus.ts), never stored. */
export type SiteState = 'idle' | 'building';

export interface PublishSite {
  siteId: string;
  state: SiteState;
  publishedRequestId: number;
  failedRequestId: number;
  liveBuildId: string | null;
  lastPublishedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  buildingSince: Date | null;
}

export interface LatestRequest {
  id: number;
  requestedAt: Date;
  /** The oldest request this site has not published yet. */
  oldestPendingAt: Date | null;
  /** A request this site has not published yet asks for a full build (requestFullRebuild). */
  fullRequested: boolean;
}

/** The reason that marks a request for a full build of every site, whatever changed. */
export const FULL_REBUILD_REASON = 'full rebuild requested by an operator';

/** Asks every instance to rebuild its whole site (npm run admin -- rebuild-site). */
export async function requestFullRebuild(): Promise<void> {
  const sql = await getSql();
  await sql.begin((tx) => requestPublish(tx, FULL_REBUILD_REASON));
}

/**
 * Records that public pages must be rebuilt, inside the transaction of the change itself. The
 * notification goes out with the commit (PostgreSQL holds NOTIFY until then), so no instance wakes
 * for a change it cannot read yet, and a rolled-back change wakes nobody.
 */
export async function requestPublish(tx: Tx, reason: string): Promise<void> {
  await queuePublish(tx, reason);
  // A publisher in this very process (the only one on the embedded database) is told directly.
  wakePublishers();
}

/**
 * The publish request without telling this process's publishers: a listing save's commit tells them
 * once it has committed, as one of its after-commit effects (services/listings/effects.ts).
 */
export async function queuePublish(tx: Tx, reason: string): Promise<void> {
  await tx`with request as (insert into publish_requests (reason) values (${reason.slice(0, 200)}) returning id)
           select pg_notify(${PUBLISH_CHANNEL}, id::text) from request`;
}

/** The newest request id: every change bumps it, so it versions anything cached from the database. */
export async function newestRequestId(): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ id: number | null }[]>`select max(id)::int as id from publish_requests`;
  return row?.id ?? 0;
}

export async function latestRequest(siteId: string): Promise<LatestRequest> {
  const sql = await getSql();
  const [row] = await sql<
    { id: number | null; requestedAt: Date | null; oldestPendingAt: Date | null; fullRequested: boolean | null }[]
  >`
    with site as (select coalesce((select published_request_id from publish_sites where site_id = ${siteId}), 0) as done)
    select max(id)::int as id, max(requested_at) as requested_at,
           min(requested_at) filter (where id > site.done) as oldest_pending_at,
           bool_or(reason = ${FULL_REBUILD_REASON}) filter (where id > site.done) as full_requested
    from publish_requests, site`;
  return {
    id: row?.id ?? 0,
    requestedAt: row?.requestedAt ?? new Date(0),
    oldestPendingAt: row?.oldestPendingAt ?? null,
    fullRequested: row?.fullRequested ?? false,
  };
}

const SITE_COLUMNS = (sql: Sql) => sql`
  site_id, state, published_request_id::int as published_request_id, failed_request_id::int as failed_request_id,
  live_build_id, last_published_at, last_error, last_error_at, building_since`;

/** A site's progress; a site seen for the first time starts with nothing published. */
export async function readSite(siteId: string): Promise<PublishSite> {
  const sql = await getSql();
  const read = () => sql<PublishSite[]>`select ${SITE_COLUMNS(sql)} from publish_sites where site_id = ${siteId}`;
  const [row] = await read();
  if (row) return row;
  // Only the first look writes: this runs at every poll of every instance.
  await sql`insert into publish_sites (site_id) values (${siteId}) on conflict do nothing`;
  return (await read())[0]!;
}

export async function readSites(siteIds: string[]): Promise<PublishSite[]> {
  if (siteIds.length === 0) return [];
  const sql = await getSql();
  return sql<PublishSite[]>`select ${SITE_COLUMNS(sql)} from publish_sites where site_id in ${sql(siteIds)}`;
}

export async function setSiteState(siteId: string, state: SiteState): Promise<void> {
  const sql = await getSql();
  const since = state === 'building' ? new Date() : null;
  // An upsert: the start-up build of a new DATA_DIR is the first thing its site ever records.
  await sql`insert into publish_sites (site_id, state, building_since) values (${siteId}, ${state}, ${since})
            on conflict (site_id) do update set state = excluded.state, building_since = excluded.building_since,
            updated_at = now()`;
}

export async function recordSuccess(siteId: string, requestId: number, buildId: string): Promise<void> {
  const sql = await getSql();
  await sql`update publish_sites set state = 'idle', published_request_id = greatest(published_request_id, ${requestId}),
            live_build_id = ${buildId}, last_published_at = now(), last_error = null, last_error_at = null,
            building_since = null, updated_at = now() where site_id = ${siteId}`;
}

export async function recordFailure(siteId: string, requestId: number, error: string): Promise<void> {
  const sql = await getSql();
  await sql`update publish_sites set state = 'idle', failed_request_id = greatest(failed_request_id, ${requestId}),
            last_error = ${redact(error).slice(0, 4000)}, last_error_at = now(), building_since = null, updated_at = now()
            where site_id = ${siteId}`;
}

/**
 * Keeps the queue and the build record small. Requests are kept for an hour: another site may not
 * have published them yet, and its debounce measures from the oldest one it has not.
 */
export async function trimHistory(upTo: number): Promise<void> {
  const sql = await getSql();
  await sql`delete from publish_requests where id < ${upTo} and requested_at < now() - interval '1 hour'`;
  await sql`delete from publish_builds where started_at < now() - interval '7 days'`;
}

/** Why a build ran: the start, a change, the daily refresh, a deploy-hook call, an operator's full rebuild. */
export type BuildKind = 'boot' | 'change' | 'daily' | 'hook' | 'full';
export type BuildOutcomeName = 'published' | 'failed' | 'aborted';

export interface BuildRecord {
  id: number;
  siteId: string;
  instanceId: string;
  requestId: number;
  kind: BuildKind;
  buildId: string | null;
  outcome: BuildOutcomeName | null;
  rendered: number | null;
  restored: number | null;
  /** How the publish was made (stored in the column `mode`). */
  how: PublishHow | null;
  cpuMs: number | null;
  peakRssMib: number | null;
  error: string | null;
  startedAt: Date;
  endedAt: Date | null;
}

export async function startBuildRecord(entry: {
  siteId: string;
  instanceId: string;
  requestId: number;
  kind: BuildKind;
}): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ id: number }[]>`
    insert into publish_builds (site_id, instance_id, request_id, kind)
    values (${entry.siteId}, ${entry.instanceId}, ${entry.requestId}, ${entry.kind}) returning id::int as id`;
  return row!.id;
}

export async function finishBuildRecord(
  id: number,
  result: {
    outcome: BuildOutcomeName;
    buildId?: string;
    rendered?: number;
    restored?: number;
    error?: string;
    how?: PublishHow;
    cpuMs?: number;
    peakRssMiB?: number;
  },
): Promise<void> {
  const sql = await getSql();
  await sql`update publish_builds set outcome = ${result.outcome}, build_id = ${result.buildId ?? null},
            rendered = ${result.rendered ?? null}, restored = ${result.restored ?? null},
            error = ${result.error === undefined ? null : redact(result.error).slice(0, 4000)}, mode = ${result.how ?? null},
            cpu_ms = ${result.cpuMs ?? null}, peak_rss_mib = ${result.peakRssMiB ?? null}, ended_at = now()
            where id = ${id}`;
}

/** A site's builds, oldest first. */
export async function listBuilds(siteId: string): Promise<BuildRecord[]> {
  const sql = await getSql();
  return sql<BuildRecord[]>`
    select id::int as id, site_id, instance_id, request_id::int as request_id, kind, build_id, outcome, rendered,
           restored, mode as how, cpu_ms, peak_rss_mib, error, started_at, ended_at
    from publish_builds where site_id = ${siteId} order by id`;
}
