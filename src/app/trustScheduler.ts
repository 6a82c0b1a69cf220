import { mailEnv } from '../settings';
import { nextDailyRun } from '../domain/alerts/digestSchedule';
import { runLinkPass } from '../services/trust/linkHealth';
import { sendConfirmReminders } from '../services/trust/detailsConfirmed';
import { readSubscribedFeeds } from '../services/imports/feeds';

/**
 * The daily jobs of Trust (docs/product.md, Trust) inside the server: at 05:00 in SITE_TIME_ZONE the
 * link pass, then the reminders to confirm details, then the subscribed calendar feeds (before the 07:00 digests, so a link broken
 * overnight is flagged when the team starts). Every instance keeps the clock; each job's advisory
 * lock makes exactly one of them run it (data/locks/trustLock.ts). `npm run admin -- check-links` runs a
 * pass now.
 */
export const TRUST_HOUR = 5;

export function startTrustScheduler(log: (message: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const run = async () => {
    const pass = await runLinkPass();
    if (!pass.busy) {
      const failing = pass.checked.filter((c) => !c.outcome.ok).length;
      log(`Links checked: ${pass.checked.length}${failing ? `, failing: ${failing}` : ''}.`);
    }
    const reminders = await sendConfirmReminders();
    if (reminders.sent > 0) log(`Reminders to confirm details sent: ${reminders.sent}.`);
    // Subscribed calendar feeds (docs/product.md, Import): read again, skipped when unchanged.
    const feeds = await readSubscribedFeeds();
    const read = feeds.filter((f) => f.outcome === 'applied').length;
    if (feeds.length > 0) log(`Calendar feeds read: ${feeds.length}, changed: ${read}.`);
  };
  const plan = () => {
    if (stopped) return;
    const next = nextDailyRun(new Date(), mailEnv().siteTimeZone, TRUST_HOUR);
    timer = setTimeout(
      () =>
        void run()
          .catch((error: unknown) => log(`[trust] daily run failed: ${String(error)}`))
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
