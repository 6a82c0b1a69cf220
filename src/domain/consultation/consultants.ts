import { isCurrentCheck, verifiedBadgeText, type PublicCredential } from '../trust/credentialChecks';
import type { Availability } from '../parts/availability';
import type { OfferingKind } from './consultationFacts';
import { expandSessions, type Series } from './recurrence';

/**
 * What the site says of a consultant (docs/product.md, Consultation): the credential an offering
 * claims, with the team's check of it, and whether they are taking consultees, derived from their
 * offerings. Nobody rates a consultant: consultees depend on their letter (docs/domain.md, Consultation).
 */
export const NOT_CHECKED = 'Credential not checked by us';

/**
 * "Verified EMDRIA Approved Consultant · Mar 2026" when the team checked the claimed credential in
 * the last 12 months (docs/product.md, Verified trainers); else "Credential not checked by us".
 */
export function credentialLine(claimed: string, verified: readonly PublicCredential[], now: Date): string {
  const current = verified
    .filter((c) => c.credential === claimed && isCurrentCheck(c.checkedOn, now))
    .sort((a, b) => b.checkedOn.localeCompare(a.checkedOn));
  return current[0] ? verifiedBadgeText(current[0]) : NOT_CHECKED;
}

export interface AcceptingFacts extends Series {
  kind: OfferingKind;
  availability: Availability;
  seatsLeft: number | null;
  waitlistUrl: string | null;
}

/** Whether an offering still meets after `now`: arranged times always can; a series until its last session ends. */
export function stillMeets(o: AcceptingFacts, now: Date): boolean {
  if (o.schedule === 'arranged') return true;
  const last = expandSessions(o).at(-1);
  return last !== undefined && Date.parse(last.end) > now.getTime();
}

const takesSignUps = (o: AcceptingFacts) =>
  (o.availability === 'open' || o.availability === 'few_seats') && o.seatsLeft !== 0;
const takesWaitlist = (o: AcceptingFacts) =>
  o.availability === 'waitlist' || (o.availability === 'sold_out' && o.waitlistUrl !== null);

export const ACCEPTING = ['yes', 'waitlist', 'no'] as const;
export type Accepting = (typeof ACCEPTING)[number];

/**
 * A consultant's public offerings say it: "yes" when one that still meets takes sign-ups (a forming
 * group too), "waitlist" when one takes names for a waitlist, else "no".
 */
export function acceptingConsultees(offerings: readonly AcceptingFacts[], now: Date): Accepting {
  const live = offerings.filter((o) => stillMeets(o, now));
  if (live.some(takesSignUps)) return 'yes';
  return live.some(takesWaitlist) ? 'waitlist' : 'no';
}

/** "Accepting consultees: yes". */
export const acceptingText = (accepting: Accepting) => `Accepting consultees: ${accepting}`;

/** The next group to start after `now` that takes sign-ups, with its first session's start (ISO). */
export function nextGroupStart<T extends AcceptingFacts>(
  offerings: readonly T[],
  now: Date,
): { offering: T; start: string } | null {
  let next: { offering: T; start: string } | null = null;
  for (const offering of offerings) {
    if (offering.kind !== 'group' || !takesSignUps(offering)) continue;
    const first = expandSessions(offering)[0];
    if (!first || Date.parse(first.start) <= now.getTime()) continue;
    if (!next || first.start < next.start) next = { offering, start: first.start };
  }
  return next;
}
