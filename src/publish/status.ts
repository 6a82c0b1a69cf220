import { latestRequest, readState } from './state';

/** `GET /api/admin/site-status` (CONTRACT.md, Publishing). */
export interface SiteStatus {
  state: 'idle' | 'queued' | 'building';
  lastPublishedAt: string | null;
  lastError: string | null;
}

export async function siteStatus(): Promise<SiteStatus> {
  const [state, latest] = await Promise.all([readState(), latestRequest()]);
  const pending = latest.id > state.publishedRequestId && latest.id > state.failedRequestId;
  return {
    state: state.state === 'building' ? 'building' : pending ? 'queued' : 'idle',
    lastPublishedAt: state.lastPublishedAt ? state.lastPublishedAt.toISOString() : null,
    lastError: state.lastError,
  };
}
