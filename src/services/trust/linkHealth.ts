import * as linkHealth from '../../data/trust/linkHealth';
import { TEAM_LISTING_PROBLEMS } from '../../domain/adminPaths';
import { linksToWatch } from '../../data/trust/watchedLinks';
import type { LinkOwner, LinkRow, WatchedLink } from '../../data/trust/linkHealth';
import { tryLinkPassLock } from '../../data/locks/trustLock';
import { afterCheck, brokenText, dayIn, outcomeText, type CheckOutcome } from '../../domain/trust/linkHealth';
import { linkBrokenMail } from '../../domain/trust/trustMail';
import { checkLink } from '../../links/checkLink';
import { Pacer } from '../../links/pacer';
import { linkCheckEnv, mailEnv, serverEnv } from '../../settings';
import { log } from '../../log';
import { queueMail } from '../../mail/outbox';
import { transaction } from '../../data/database/transaction';
import { editUrlFor, recipientsFor } from './listingKeepers';

/**
 * Link health (docs/product.md, Trust): a daily pass over every watched link (one instance runs it:
 * data/locks/trustLock.ts), a check of a listing's links when it is saved, and a check on the team's
 * request. A link failing 3 days in a row is broken; its keepers are mailed once; a working check
 * clears it. The public page stays as it is.
 */
export type LinkChecker = (url: string) => Promise<CheckOutcome>;

const defaultChecker: LinkChecker = (url) => checkLink(url, linkCheckEnv());

/** One pacer for the process: the daily pass and the checks on save share the 4 places and the hosts' pace. */
const pacer = new Pacer();
/** Checks on save beyond this many queued are left to the daily pass: memory stays bounded. */
const ON_SAVE_QUEUE_MAX = 200;

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

export interface CheckedLink {
  row: LinkRow;
  outcome: CheckOutcome;
  /** Broken by this check (its keepers were mailed). */
  newlyBroken: boolean;
  /** Working again after failing or being broken. */
  cleared: boolean;
}

/** Checks one link and records it; null when the link changed or went while it was checked. */
async function checkAndRecord(row: LinkRow, now: Date, check: LinkChecker): Promise<CheckedLink | null> {
  const outcome = await pacer.run(hostOf(row.url), () => check(row.url));
  const day = dayIn(now, mailEnv().siteTimeZone);
  const recorded = await linkHealth.recordCheck(row.id, row.url, (current) => ({
    ...afterCheck(current, outcome, day, now),
    lastCheckedAt: now,
    lastResult: outcomeText(outcome).slice(0, 300),
    clearDismissal: outcome.ok,
    clearMailed: outcome.ok,
  }));
  if (!recorded) return null;
  const { before, after } = recorded;
  if (after.status === 'broken' && !after.keepersMailedAt && !after.dismissedAt) await mailKeepers(after);
  return {
    row: after,
    outcome,
    newlyBroken: after.status === 'broken' && before.status !== 'broken',
    cleared: outcome.ok && (before.status === 'failing' || before.status === 'broken'),
  };
}

/** The one mail about a broken link, to its keepers (today: the site's team). */
async function mailKeepers(row: LinkRow): Promise<void> {
  const ownerId = row.trainingId ?? row.trainerId!;
  const site = serverEnv().siteUrl;
  const listing = row.trainingId ? { trainingId: row.trainingId } : { trainerId: row.trainerId! };
  const { addresses, partners } = await recipientsFor(listing);
  const content = linkBrokenMail({
    listing: (await linkHealth.listingNames([ownerId])).get(ownerId) ?? row.url,
    brokenText: brokenText(row.kind, row.brokenSince!, mailEnv().siteTimeZone),
    url: row.url,
    lastResult: row.lastResult ?? 'no answer',
    editUrl: editUrlFor(site, listing, partners),
    // The team's list of every problem is not a partner's to see.
    problemsUrl: partners ? null : `${site}${TEAM_LISTING_PROBLEMS}`,
  });
  // Claimed with its mails (docs/decisions/0038-mail-outbox.md): a second pass finds it claimed.
  await transaction(async (tx) => {
    if (!(await linkHealth.claimKeepersMail(row.id, tx))) return;
    for (const to of addresses) await queueMail(tx, { kind: 'link-broken', to, ...content });
  });
}

export interface LinkPassReport {
  /** Another instance was running a pass: this one checked nothing. */
  busy: boolean;
  checked: CheckedLink[];
  /** What each checked link belongs to (a training's title, a trainer's name), by link id. */
  listings: Map<string, string>;
}

export interface LinkPassOptions {
  /** The pass's clock: which day a failure counts for (tests drive the days through it). */
  now?: Date;
  check?: LinkChecker;
}

/** The daily pass (and `npm run admin -- check-links`): every watched link, checked once. */
export async function runLinkPass(options: LinkPassOptions = {}): Promise<LinkPassReport> {
  const release = await tryLinkPassLock();
  if (!release) return { busy: true, checked: [], listings: new Map() };
  try {
    const now = options.now ?? new Date();
    const watched = await linksToWatch(now);
    const rows = await linkHealth.sync(watched);
    const checked = await Promise.all(rows.map((row) => checkAndRecord(row, now, options.check ?? defaultChecker)));
    const done = checked.filter((c): c is CheckedLink => c !== null);
    log.info({ checked: done.length, failing: done.filter((c) => !c.outcome.ok).length }, 'link pass finished');
    return { busy: false, checked: done, listings: await listingNames(watched, rows) };
  } finally {
    await release();
  }
}

async function listingNames(watched: WatchedLink[], rows: LinkRow[]): Promise<Map<string, string>> {
  const names = await linkHealth.listingNames([...new Set(watched.map((w) => w.trainingId ?? w.trainerId!))]);
  return new Map(rows.map((row) => [row.id, names.get(row.trainingId ?? row.trainerId!) ?? '']));
}

const inFlight = new Set<string>();

/**
 * A listing was saved: its links are checked soon, in the background (the save's answer never waits).
 * A listing already being checked, or a queue past its bound, is left to the daily pass.
 */
export function checkLinksSoon(owner: LinkOwner, check: LinkChecker = defaultChecker): void {
  const key = owner.trainingId ?? owner.trainerId;
  if (inFlight.has(key) || pacer.load >= ON_SAVE_QUEUE_MAX) return;
  inFlight.add(key);
  void checkOwner(owner, check)
    .catch((error: unknown) => log.warn({ err: error, owner }, 'link check on save failed'))
    .finally(() => inFlight.delete(key));
}

/** Checks the links of one listing now (on save, and the team's "Check again"). */
export async function checkOwner(owner: LinkOwner, check: LinkChecker = defaultChecker): Promise<CheckedLink[]> {
  const now = new Date();
  const rows = await linkHealth.sync(await linksToWatch(now, owner), owner);
  const checked = await Promise.all(rows.map((row) => checkAndRecord(row, now, check)));
  return checked.filter((c): c is CheckedLink => c !== null);
}

/** The team's "Check again" on one link: checked now, answered with how it went (null: no such link). */
export async function recheckLink(id: string, check: LinkChecker = defaultChecker): Promise<CheckedLink | null> {
  const row = await linkHealth.findById(id);
  if (!row) return null;
  return checkAndRecord(row, new Date(), check);
}
