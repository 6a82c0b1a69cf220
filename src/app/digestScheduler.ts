import { mailEnv } from '../settings';
import { nextDigestRun } from '../domain/alerts/digestSchedule';
import { scheduledScope, sendDueDigests } from '../services/alerts/alertDigests';

/**
 * The alert digests' clock inside the server (docs/product.md, Alerts): at 07:00 in SITE_TIME_ZONE
 * every day, with the weekly alerts on Mondays. Every instance keeps it; the send lock and each
 * alert's claimed window make exactly one of them send (services/alerts/alertDigests.ts). A process started
 * after 07:00 sends at the next 07:00; `npm run admin -- send-alerts` sends now.
 */
export function startDigestScheduler(log: (message: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = () => {
    if (stopped) return;
    const next = nextDigestRun(new Date(), mailEnv().siteTimeZone);
    timer = setTimeout(
      () =>
        void sendDueDigests(scheduledScope(next.weekly))
          .then((run) => {
            if (!run.busy) log(`Alert digests queued: ${run.queued}.`);
          })
          .catch((error: unknown) => log(`[alerts] digest run failed: ${String(error)}`))
          .finally(plan),
      Math.max(1_000, next.at.getTime() - Date.now()),
    );
    timer.unref();
  };
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
