import { formatDate } from '../display';

/**
 * "These details are current" (docs/product.md, Trust): a team member (later also the training's
 * partner) says a training's listing is still true; the page shows when. A training that starts
 * within 45 days and was not confirmed in the last 60 gets one reminder with a one-click confirm link,
 * signed, single use, working for 14 days.
 */
export const REMINDER_WITHIN_DAYS = 45;
export const CONFIRMATION_FRESH_DAYS = 60;
export const CONFIRM_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const CONFIRM_BUTTON = 'These details are current';

/** "Details confirmed on Mar 5, 2026", on the training's own calendar. */
export function confirmedText(at: Date | string, timeZone?: string): string {
  return `Details confirmed on ${formatDate(at, timeZone)}`;
}

/** Whether a training is due its reminder at `now` (the reminder's once-only is the caller's). */
export function needsConfirmation(
  t: { startDate: Date | string; detailsConfirmedAt: Date | string | null },
  now: Date,
): boolean {
  const start = new Date(t.startDate).getTime();
  if (start <= now.getTime() || start > now.getTime() + REMINDER_WITHIN_DAYS * DAY_MS) return false;
  if (t.detailsConfirmedAt === null) return true;
  return new Date(t.detailsConfirmedAt).getTime() < now.getTime() - CONFIRMATION_FRESH_DAYS * DAY_MS;
}
