import * as alerts from '../../data/alerts';
import { firstPublishedSince } from '../../data/firstPublished';
import { trySendLock } from '../../data/locks/alertLock';
import * as trainings from '../../data/trainings';
import { trainerSlugIds } from '../../data/trainerSlugs';
import { DIGEST_MAX_TRAININGS, describeQuery, parseAlertQuery } from '../../domain/alerts/alerts';
import { digestItem, digestMail } from '../../domain/alerts/alertMail';
import { searchableText } from '../../domain/listing/filters';
import { listingReadModel, queryReadModel, type ListingReadModel } from '../../domain/listing/listingReadModel';
import { trainingPageUrl } from '../../domain/feeds/calendar';
import { trainerPagePath } from '../../domain/trainers/trainerSlug';
import type { PublicTraining } from '../../domain/training';
import { serverEnv } from '../../settings';
import { log } from '../../log';
import { manageUrl, removeExpiredAlerts, unsubscribeUrl } from './alerts';
import { queueMail } from '../../mail/outbox';
import { transaction } from '../../data/database/transaction';
import { nearOrigin } from '../nearOrigin';

/**
 * Alert digests (docs/product.md, Alerts): each due alert gets the trainings first published since its
 * last digest that its query matches under the listing's own rules (queryListing over the public
 * listing: Hybrid matches both formats, ended trainings never appear), at most 20 with "and N more".
 * Nothing new, no mail. One sender at a time (data/locks/alertLock.ts); each alert's window is claimed
 * in the transaction that queues its mail (docs/decisions/0038-mail-outbox.md), so a window is mailed
 * once, and is not lost to a mail server that is down: the outbox retries it.
 */

/**
 * Which alerts a run looks at, by how old their watermark (last digest) must be: daily ones after
 * `dailyAfterMs`, weekly ones after `weeklyAfterMs` (null: none).
 */
export interface DigestScope {
  dailyAfterMs: number;
  weeklyAfterMs: number | null;
}

const HOUR_MS = 60 * 60 * 1000;

/** `npm run admin -- send-alerts`: every daily alert, and the weekly ones whose week has passed. */
export const NOW_SCOPE: DigestScope = { dailyAfterMs: 0, weeklyAfterMs: 6.5 * 24 * HOUR_MS };

/**
 * The scheduler's 07:00 run: daily alerts, and on Mondays the weekly ones. An alert another instance
 * sent in the last hour waits for the next run (several instances each run at 07:00; one sends).
 */
export const scheduledScope = (weekly: boolean): DigestScope => ({
  dailyAfterMs: HOUR_MS,
  weeklyAfterMs: weekly ? HOUR_MS : null,
});

export interface DigestRun {
  /** The digests queued in the outbox (the mail sender delivers them). */
  queued: number;
  /** Their outbox rows (the CLI sends them at once). */
  mailIds: string[];
  /** Another instance (or run) was sending: this one sent nothing. */
  busy: boolean;
}

interface Loaded {
  /** The new trainings' read model, searchable, by trainer when an alert names one; built per run. */
  model: ListingReadModel<PublicTraining>;
  firstPublished: number[];
}

async function loadNew(since: Date, until: Date, needTrainers: boolean): Promise<Loaded> {
  const fresh = await firstPublishedSince(since);
  const rows = fresh.size === 0 ? [] : (await trainings.listPublished(until)).filter((t) => fresh.has(t.id));
  const trainerSlugs = needTrainers && rows.length > 0 ? await trainerSlugIds() : undefined;
  return {
    model: listingReadModel(rows, { searchText: searchableText, trainerSlugIds: trainerSlugs }),
    firstPublished: rows.map((t) => fresh.get(t.id)!.getTime()),
  };
}

/** The positions of the new trainings that match the alert, soonest first. */
async function matches(alert: alerts.Alert, loaded: Loaded, until: Date): Promise<number[] | null> {
  const parsed = parseAlertQuery(alert.query);
  if (!parsed.ok) return null;
  const since = alert.listedSince!.getTime();
  let candidates = loaded.firstPublished.flatMap((at, i) => (at > since && at <= until.getTime() ? [i] : []));
  if (parsed.value.trainer) {
    const own = new Set(loaded.model.byTrainerSlug?.get(parsed.value.trainer) ?? []);
    candidates = candidates.filter((i) => own.has(i));
  }
  if (candidates.length === 0) return [];
  const origin = await nearOrigin(parsed.value.filters, undefined);
  // A ZIP code the table no longer knows matches nothing, as on the listing page.
  if (parsed.value.filters.near && !('position' in origin && origin.position)) return [];
  const position = 'position' in origin ? origin.position : null;
  const view = { filters: parsed.value.filters, sort: 'soonest' as const, page: 1, limit: candidates.length };
  return queryReadModel(loaded.model, view, until, candidates, position).indices;
}

function listingLink(query: string): string {
  const site = serverEnv().siteUrl;
  const params = new URLSearchParams(query);
  const trainer = params.get('trainer');
  if (trainer) return `${site}${trainerPagePath(trainer)}`;
  return `${site}/trainings${query ? `?${query}` : ''}`;
}

async function digestOf(alert: alerts.Alert, rows: PublicTraining[]) {
  const site = serverEnv().siteUrl;
  const shown = rows.slice(0, DIGEST_MAX_TRAININGS);
  const unsubscribe = await unsubscribeUrl(alert.id);
  const content = digestMail({
    items: shown.map((t) =>
      digestItem(t, { pageUrl: trainingPageUrl(site, t.id), calendarUrl: `${site}/api/trainings/${t.id}/calendar` }),
    ),
    more: rows.length - shown.length,
    queryText: describeQuery(alert.query),
    listingUrl: listingLink(alert.query),
    unsubscribeUrl: unsubscribe,
    manageUrl: await manageUrl(alert.email),
  });
  // RFC 8058: one-click unsubscribe, a POST to the same URL with `List-Unsubscribe=One-Click`.
  return {
    kind: 'digest' as const,
    alertId: alert.id,
    to: alert.email,
    ...content,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Queues the due digests now; how many. */
export async function sendDueDigests(scope: DigestScope): Promise<DigestRun> {
  const release = await trySendLock();
  if (!release) return { queued: 0, mailIds: [], busy: true };
  try {
    await removeExpiredAlerts();
    const until = await alerts.databaseNow();
    const due = await alerts.listDue(scope.dailyAfterMs, scope.weeklyAfterMs);
    const run: DigestRun = { queued: 0, mailIds: [], busy: false };
    if (due.length === 0) return run;
    const since = new Date(Math.min(...due.map((a) => a.listedSince!.getTime())));
    const loaded = await loadNew(
      since,
      until,
      due.some((a) => a.query.includes('trainer=')),
    );
    for (const alert of due) {
      const found = await matches(alert, loaded, until);
      const rows = (found ?? []).map((i) => loaded.model.rows[i]!);
      const mail = rows.length > 0 ? await digestOf(alert, rows) : null;
      // The window is claimed with its mail: a second sender finds it taken and queues nothing.
      const id = await transaction(async (tx) => {
        if (!(await alerts.claim(alert.id, alert.listedSince!, until, mail !== null, tx))) return null;
        return mail && queueMail(tx, mail);
      });
      if (id) run.mailIds.push(id);
    }
    run.queued = run.mailIds.length;
    log.info({ queued: run.queued, alerts: due.length }, 'alert digests queued');
    return run;
  } finally {
    await release();
  }
}
