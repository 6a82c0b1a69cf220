import { Temporal } from 'temporal-polyfill';
import { formatDate } from '../display';

/**
 * Link health (docs/product.md, Trust): which links are watched, when a failing one counts as broken,
 * and how the team is told. A link fails on a day when a check that day failed; 3 days in a row and it
 * is broken, since the first of those failures. A working check clears it.
 */
export const LINK_KINDS = ['register', 'waitlist', 'website'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const LINK_LABELS: Record<LinkKind, string> = {
  register: 'Register link',
  waitlist: 'Waitlist link',
  website: 'Website',
};

export const BROKEN_AFTER_DAYS = 3;

/** "Register link broken since Mar 5, 2026" (the admin list, the dashboard, the mail). */
export function brokenText(kind: LinkKind, since: Date | string, timeZone?: string): string {
  return `${LINK_LABELS[kind]} broken since ${formatDate(since, timeZone)}`;
}

/** The calendar day of `at` in `zone` (ISO, 2026-03-05): a pass counts once per day. */
export function dayIn(at: Date, zone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone).toPlainDate().toString();
}

export interface FailingStreak {
  failingDays: number;
  lastFailedOn: string | null;
  failingSince: Date | null;
}

export const NO_STREAK: FailingStreak = { failingDays: 0, lastFailedOn: null, failingSince: null };

/**
 * The streak after a failed check on `day`: the same day counts once; the next day adds one; any
 * later day (a day without a failure between) starts again at 1. A day before the last one (a clock
 * that went back) changes nothing.
 */
export function afterFailure(streak: FailingStreak, day: string, at: Date): FailingStreak {
  if (!streak.lastFailedOn || streak.failingDays === 0) return { failingDays: 1, lastFailedOn: day, failingSince: at };
  const last = Temporal.PlainDate.from(streak.lastFailedOn);
  const today = Temporal.PlainDate.from(day);
  const order = Temporal.PlainDate.compare(today, last);
  if (order <= 0) return streak;
  if (Temporal.PlainDate.compare(last.add({ days: 1 }), today) === 0)
    return { ...streak, failingDays: streak.failingDays + 1, lastFailedOn: day };
  return { failingDays: 1, lastFailedOn: day, failingSince: at };
}

export const isBroken = (streak: Pick<FailingStreak, 'failingDays'>) => streak.failingDays >= BROKEN_AFTER_DAYS;

/** A watched link's state, as far as a check changes it. */
export interface LinkState extends FailingStreak {
  status: 'unchecked' | 'ok' | 'failing' | 'broken';
  brokenSince: Date | null;
}

export type CheckOutcome = { ok: true; status: number } | { ok: false; status: number | null; reason: string };

/**
 * The state after a check on `day` at `at`: a working link is cleared of everything; a failing one
 * extends its streak and is broken at 3 days. Once broken it stays broken, since the same date, until
 * a check works (a day without a pass between does not clear it).
 */
export function afterCheck(state: LinkState, outcome: CheckOutcome, day: string, at: Date): LinkState {
  if (outcome.ok) return { status: 'ok', ...NO_STREAK, brokenSince: null };
  const streak = afterFailure(state, day, at);
  if (state.status === 'broken') return { ...streak, status: 'broken', brokenSince: state.brokenSince };
  return isBroken(streak)
    ? { ...streak, status: 'broken', brokenSince: streak.failingSince }
    : { ...streak, status: 'failing', brokenSince: null };
}

/** What the team reads of a check: "answered 404", "timed out", "refused: … is a private address". */
export const outcomeText = (outcome: CheckOutcome) => (outcome.ok ? `answered ${outcome.status}` : outcome.reason);

/** One checked link as `npm run admin -- check-links` prints it. */
export interface CheckedLinkLine {
  kind: LinkKind;
  listing: string;
  url: string;
  state: LinkState;
  outcome: CheckOutcome;
  cleared: boolean;
}

/**
 * What a pass found, for people: a count, then a line per link that is not simply working (failing,
 * broken, or working again), e.g. `BROKEN  Register link of "EMDR Basic Training" (https://…): answered
 * 404; Register link broken since Mar 5, 2026`.
 */
export function describePass(links: CheckedLinkLine[], timeZone: string): string[] {
  const failing = links.filter((l) => !l.outcome.ok);
  const lines = [
    `Links checked: ${links.length} (${links.length - failing.length} working, ${failing.length} failing)`,
  ];
  for (const l of links) {
    const what = `${LINK_LABELS[l.kind]} of "${l.listing}" (${l.url})`;
    if (l.state.status === 'broken')
      lines.push(
        `  BROKEN       ${what}: ${outcomeText(l.outcome)}; ${brokenText(l.kind, l.state.brokenSince!, timeZone)}`,
      );
    else if (l.state.status === 'failing')
      lines.push(
        `  FAILING      ${what}: ${outcomeText(l.outcome)} (day ${l.state.failingDays} of ${BROKEN_AFTER_DAYS})`,
      );
    else if (l.cleared) lines.push(`  WORKS AGAIN  ${what}`);
  }
  return lines;
}
