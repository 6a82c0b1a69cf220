import { redact } from '../redact';
import * as fleet from '../data/fleet';
import { newestRequestId, readSites, type PublishSite } from '../data/publishing';
import { hasUnpublishedChange, type PublishState, type SiteStatus } from '../domain/siteStatus';

export type { SiteStatus } from '../domain/siteStatus';

/**
 * `GET /api/admin/site-status` (README.md, Publishing): the three fields describe the whole fleet
 * (building while any live instance's site builds, queued while any is behind, the oldest of their
 * last publishes, the first error), and `instances` says which instance serves what.
 */
function siteState(site: PublishSite | undefined, newest: number): PublishState {
  if (site?.state === 'building') return 'building';
  return hasUnpublishedChange(site ?? { publishedRequestId: 0, failedRequestId: 0 }, newest) ? 'queued' : 'idle';
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Records written before redaction existed, or by another instance's settings, are masked on the way out. */
function redactOrNull(text: string | null | undefined): string | null {
  return text ? redact(text) : null;
}

/** `ownSiteId`: the site of the asking process, counted even before its first heartbeat. */
export async function siteStatus(ownSiteId: string): Promise<SiteStatus> {
  const [live, newest] = await Promise.all([fleet.listLive(), newestRequestId()]);
  const siteIds = [...new Set([ownSiteId, ...live.map((i) => i.siteId)])];
  const sites = new Map((await readSites(siteIds)).map((site) => [site.siteId, site]));
  const states = siteIds.map((id) => siteState(sites.get(id), newest));
  const published = siteIds
    .map((id) => sites.get(id)?.lastPublishedAt)
    .filter((d): d is Date => Boolean(d))
    .sort((a, b) => a.getTime() - b.getTime());
  return {
    state: states.includes('building') ? 'building' : states.includes('queued') ? 'queued' : 'idle',
    lastPublishedAt: iso(published[0]),
    lastError: redactOrNull(siteIds.map((id) => sites.get(id)?.lastError).find(Boolean)),
    instances: live.map((instance) => {
      const site = sites.get(instance.siteId);
      const state = siteState(site, newest);
      return {
        instanceId: instance.instanceId,
        hostname: instance.hostname,
        address: instance.address,
        startedAt: instance.startedAt.toISOString(),
        lastSeenAt: instance.heartbeatAt.toISOString(),
        state,
        current: state === 'idle' && (site?.publishedRequestId ?? 0) >= newest,
        lastPublishedAt: iso(site?.lastPublishedAt),
        lastError: redactOrNull(site?.lastError),
      };
    }),
  };
}
