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
