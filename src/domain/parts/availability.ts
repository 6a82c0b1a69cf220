/**
 * Whether a seat is left (docs/product.md, Availability). Zod-free and small: the card projection,
 * the listing's order and filter, the page, the JSON-LD and the calendar read it; the schema is in
 * availabilityFields.ts. The public islands never import it: cards get the badge text projected.
 */
export const AVAILABILITIES = [
  { value: 'open', label: 'Open' },
  { value: 'few_seats', label: 'Few seats left' },
  { value: 'sold_out', label: 'Sold out' },
  { value: 'waitlist', label: 'Waitlist open' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'postponed', label: 'Postponed' },
] as const;
export type Availability = (typeof AVAILABILITIES)[number]['value'];
export const DEFAULT_AVAILABILITY: Availability = 'open';

export interface AvailabilityFacts {
  availability: Availability;
  seatsLeft: number | null;
  waitlistUrl: string | null;
}

/** What a row from before availability existed states: open, no count, no waitlist. */
export const OPEN: AvailabilityFacts = { availability: 'open', seatsLeft: null, waitlistUrl: null };

/** The card's badge: null for an open training ("Only 4 seats left" when the count is known). */
export function availabilityBadge(t: Partial<AvailabilityFacts>): string | null {
  const a = t.availability ?? 'open';
  if (a === 'open') return null;
  const n = t.seatsLeft ?? 0;
  if (a === 'few_seats' && n > 0) return `Only ${n} seat${n === 1 ? '' : 's'} left`;
  return AVAILABILITIES.find((x) => x.value === a)!.label;
}

/** What `available=1` ("Seats available") keeps: a waitlist still takes sign-ups. */
export function hasSeats(availability: string | undefined): boolean {
  return availability !== 'sold_out' && availability !== 'cancelled' && availability !== 'postponed';
}

/**
 * The listing's tie-break among trainings that start at the same instant: one with seats before a
 * waitlist, before sold out, before postponed and cancelled (a clinician looks for a seat first).
 */
const RANK: Record<string, number> = { waitlist: 1, sold_out: 2, postponed: 3, cancelled: 4 };
export const availabilityRank = (availability: string | undefined) => RANK[availability ?? ''] ?? 0;

/**
 * What the Register button does: a link to register, a link to the waitlist, a disabled "Sold out",
 * or nothing for a cancelled training (its page says so at the top instead).
 */
export type RegisterAction =
  { kind: 'register'; href: string } | { kind: 'waitlist'; href: string } | { kind: 'sold_out' } | { kind: 'none' };

export function registerAction(t: AvailabilityFacts & { thinkificUrl: string }): RegisterAction {
  if (t.availability === 'cancelled') return { kind: 'none' };
  if (t.availability === 'waitlist') return { kind: 'waitlist', href: t.waitlistUrl ?? t.thinkificUrl };
  if (t.availability === 'sold_out')
    return t.waitlistUrl ? { kind: 'waitlist', href: t.waitlistUrl } : { kind: 'sold_out' };
  return { kind: 'register', href: t.thinkificUrl };
}

/** The notice at the top of a cancelled or postponed training's page. */
export function availabilityNotice(availability: Availability): string | null {
  if (availability === 'cancelled') return 'This training has been cancelled.';
  if (availability === 'postponed') return 'This training has been postponed. New dates have not been announced yet.';
  return null;
}

const SCHEMA = 'https://schema.org/';
/** schema.org Offer availability: seats, few seats, or none to sell. */
export function offerAvailability(a: Availability): string {
  if (a === 'few_seats') return `${SCHEMA}LimitedAvailability`;
  return SCHEMA + (a === 'sold_out' || a === 'waitlist' || a === 'cancelled' ? 'SoldOut' : 'InStock');
}

/** schema.org eventStatus. */
export function eventStatus(a: Availability): string {
  return SCHEMA + (a === 'cancelled' ? 'EventCancelled' : a === 'postponed' ? 'EventPostponed' : 'EventScheduled');
}
