import { atom, onMount } from 'nanostores';
import type { SiteStatus } from '../domain/siteStatus';
import { api } from './client/api';

/**
 * The site's publish status for every panel of the dashboard, read by one poller while any panel
 * shows it: every 2 s while a change is on its way to some instance, else every 15 s.
 */
export const $siteStatus = atom<SiteStatus | null>(null);

onMount($siteStatus, () => {
  let timer: ReturnType<typeof setTimeout>;
  let stopped = false;
  const load = async () => {
    try {
      const next = await api<SiteStatus>('GET', '/api/admin/site-status');
      if (stopped) return;
      $siteStatus.set(next);
      const pending = next.state !== 'idle' || (next.instances ?? []).some((i) => !i.current);
      timer = setTimeout(() => void load(), pending ? 2_000 : 15_000);
    } catch {
      if (!stopped) timer = setTimeout(() => void load(), 15_000);
    }
  };
  void load();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
});
