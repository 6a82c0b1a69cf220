import { toDate, type Instant } from './dayFormat';

/**
 * The one date format of the member area (docs/product.md, Admin: "One date format"): a moment of the
 * team's or a partner's own work (a sign-in, a change, an invitation, a publish) reads
 * "Dec 2, 2026, 4:56 AM UTC", a day "Dec 2, 2026". In UTC, named, so the server's page and the
 * browser's island say the same and no reader guesses the zone. A training's own dates stay on the
 * training's clock (./dayFormat.ts).
 */
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

export function memberDateTime(value: Instant): string {
  return `${DATE_TIME.format(toDate(value))} UTC`;
}

export function memberDate(value: Instant): string {
  return DATE.format(toDate(value));
}

/** A moment that may not have happened: `never` says so in the screen's words ("Never", "never"). */
export function memberDateTimeOr(value: Instant | null | undefined, never: string): string {
  return value ? memberDateTime(value) : never;
}
