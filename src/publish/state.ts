import { getSql } from '../data/db';

/** The publish_state row (issue 3) and the queue position it is compared with. */
export interface PublishState {
  state: 'idle' | 'queued' | 'building';
  publishedRequestId: number;
  failedRequestId: number;
  liveBuildId: string | null;
  lastPublishedAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  buildingSince: Date | null;
}

export async function readState(): Promise<PublishState> {
  const sql = await getSql();
  const [row] = await sql<PublishState[]>`
    select state, published_request_id::int as published_request_id, failed_request_id::int as failed_request_id,
           live_build_id, last_published_at, last_error, last_error_at, building_since
    from publish_state where id = 1`;
  return row!;
}

/** The newest request and when it arrived (null when none was ever made). */
export async function latestRequest(): Promise<{ id: number; requestedAt: Date; oldestPendingAt: Date | null }> {
  const sql = await getSql();
  const [row] = await sql<{ id: number | null; requestedAt: Date | null; oldestPendingAt: Date | null }[]>`
    select max(id)::int as id, max(requested_at) as requested_at,
           min(requested_at) filter (where id > (select published_request_id from publish_state where id = 1)) as oldest_pending_at
    from publish_requests`;
  return {
    id: row?.id ?? 0,
    requestedAt: row?.requestedAt ?? new Date(0),
    oldestPendingAt: row?.oldestPendingAt ?? null,
  };
}

export async function setState(state: PublishState['state']): Promise<void> {
  const sql = await getSql();
  await sql`update publish_state set state = ${state}, building_since = ${state === 'building' ? new Date() : null},
            updated_at = now() where id = 1`;
}

export async function recordSuccess(requestId: number, buildId: string): Promise<void> {
  const sql = await getSql();
  await sql`update publish_state set state = 'idle', published_request_id = greatest(published_request_id, ${requestId}),
            live_build_id = ${buildId}, last_published_at = now(), last_error = null, last_error_at = null,
            building_since = null, updated_at = now() where id = 1`;
}

export async function recordFailure(requestId: number, error: string): Promise<void> {
  const sql = await getSql();
  await sql`update publish_state set state = 'idle', failed_request_id = greatest(failed_request_id, ${requestId}),
            last_error = ${error.slice(0, 4000)}, last_error_at = now(), building_since = null, updated_at = now()
            where id = 1`;
}

/** Trims handled requests so the queue table stays small. */
export async function trimRequests(upTo: number): Promise<void> {
  const sql = await getSql();
  await sql`delete from publish_requests where id < ${upTo}`;
}
