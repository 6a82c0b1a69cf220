import { formatNumber, formatPrice } from '../display';
import { hoursText } from '../trainingFacts/programFacts';
import { PRICE_UNITS, type OfferingKind, type PriceUnit } from './consultationFacts';
import { meetingHours, sessionDays, type Series } from './recurrence';

/**
 * The price of an offering as the consultant states it (per session, per hour or for the series)
 * and what is derived from it (docs/product.md, Consultation): the site adds up what is stated and
 * never invents a price, so a total it cannot add up is null, not a guess.
 */
export interface PriceFacts extends Series {
  kind: OfferingKind;
  price: number;
  priceUnit: PriceUnit;
  individualHours: number | null;
  groupHours: number | null;
}

/** The hours each member earns, as stated; null when neither is stated. */
export function hoursPerMember(o: Pick<PriceFacts, 'individualHours' | 'groupHours'>): number | null {
  if (o.individualHours === null && o.groupHours === null) return null;
  return (o.individualHours ?? 0) + (o.groupHours ?? 0);
}

/**
 * The hours an hourly price is paid for: the time the sessions meet, or for times arranged with
 * you (a package of hours), the hours stated.
 */
function billedHours(o: PriceFacts): number | null {
  return meetingHours(o) ?? (o.schedule === 'arranged' ? hoursPerMember(o) : null);
}

/** What one member pays in all: null when the stated facts do not add up to a total. */
export function totalPrice(o: PriceFacts): number | null {
  if (o.priceUnit === 'series') return o.price;
  if (o.priceUnit === 'session') {
    const sessions = o.schedule === 'arranged' ? 0 : sessionDays(o).length;
    return sessions > 0 ? o.price * sessions : null;
  }
  const hours = billedHours(o);
  return hours === null ? null : Math.round(o.price * hours * 100) / 100;
}

/** The price of one hour, derived (the `priceMax` filter and the price order read it); null when unknown. */
export function pricePerHour(o: PriceFacts): number | null {
  if (o.priceUnit === 'hour') return o.price;
  if (o.priceUnit === 'session') return o.sessionMinutes ? (o.price * 60) / o.sessionMinutes : null;
  const hours = billedHours(o);
  return hours ? o.price / hours : null;
}

/** "$45 an hour", "$60 a session", "$600 for the series", "$1,500 for the package". */
export function priceText(o: Pick<PriceFacts, 'price' | 'priceUnit' | 'kind'>): string {
  const after =
    o.priceUnit === 'series' && o.kind === 'package'
      ? 'for the package'
      : PRICE_UNITS.find((u) => u.value === o.priceUnit)!.after;
  return `${formatPrice(o.price)} ${after}`;
}

/** "$675 in all (15 hours at $45 an hour)", "$600 in all (10 sessions at $60 a session)"; null when unknown. */
export function totalPriceText(o: PriceFacts): string | null {
  const total = totalPrice(o);
  if (total === null || o.priceUnit === 'series') return total === null ? null : `${dollars(total)} in all`;
  const count = o.priceUnit === 'session' ? plural(sessionDays(o).length, 'session') : hoursText(billedHours(o) ?? 0);
  return `${dollars(total)} in all (${count} at ${priceText(o)})`;
}

/** "10 sessions", "1 seat". */
export const plural = (n: number, word: string) => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;

/** Whole dollars as the site writes them; a derived total with cents keeps them ("$337.50"). */
function dollars(amount: number): string {
  return Number.isInteger(amount) ? formatPrice(amount) : `$${amount.toFixed(2)}`;
}
