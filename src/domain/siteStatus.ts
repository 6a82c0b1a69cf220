/**
 * What `GET /api/admin/site-status` answers: the three fields describe the whole fleet, and
 * `instances` says which running instance serves what. Shared by the server and the dashboard.
 */
export type PublishState = 'idle' | 'queued' | 'building';

export interface InstanceStatus {
  instanceId: string;
  hostname: string;
  address: string | null;
  startedAt: string;
  lastSeenAt: string;
  state: PublishState;
  /** Serves the newest change. */
  current: boolean;
  lastPublishedAt: string | null;
  lastError: string | null;
}

export interface SiteStatus {
  state: PublishState;
  lastPublishedAt: string | null;
  lastError: string | null;
  instances: InstanceStatus[];
}

/**
 * The one rule for "queued": a change newer than both the last published and the last failed one
 * (a failed change is retried only when a newer one arrives). The publisher's policy and the
 * status answer both ask it; the database stores only whether a build runs.
 */
export function hasUnpublishedChange(
  progress: { publishedRequestId: number; failedRequestId: number },
  newestRequestId: number,
): boolean {
  return newestRequestId > progress.publishedRequestId && newestRequestId > progress.failedRequestId;
}
