import { formatNumber, formatPrice } from '../display';
import { CONSULTANT_IN_TRAINING, type Goal } from './consultationFacts';
import { totalPrice, type PriceFacts } from './offeringPrice';

/**
 * The path to EMDR Certification (/consultation/certification; docs/product.md, Consultation): what
 * a group plus individual hours add up to toward the 20 hours, at least 10 of them individual, as
 * providers restate EMDRIA's rules (docs/domain.md, Consultation): at most 10 group hours, at most
 * 15 from a consultant-in-training. Sums of what the consultants state; the consultant's letter,
 * not this page, is what certification reads.
 */
export const CERTIFICATION_HOURS = { total: 20, minIndividual: 10, maxGroup: 10, maxFromCit: 15 } as const;

export interface PathOffering extends PriceFacts {
  countsToward: readonly Goal[];
  consultantCredential: string;
}

export interface CertificationTotals {
  /** Hours stated, toward certification. */
  individual: number;
  group: number;
  /** Hours that count toward the 20, after the caps. */
  counted: number;
  countedIndividual: number;
  countedGroup: number;
  /** Hours still needed, and individual hours among them. */
  remaining: number;
  individualNeeded: number;
  complete: boolean;
  /** What a member pays for all of them; null when one total cannot be added up. */
  price: number | null;
}

/**
 * The hours of several offerings toward certification. Hours from Approved Consultants count first,
 * individual before group; then a consultant-in-training's, up to 15; group hours up to 10; all up
 * to 20. Offerings that do not count toward certification add nothing (their price is not summed).
 */
export function certificationTotals(offerings: readonly PathOffering[]): CertificationTotals {
  const C = CERTIFICATION_HOURS;
  const toward = offerings.filter((o) => o.countsToward.includes('certification'));
  const byCit = (cit: boolean) => toward.filter((o) => (o.consultantCredential === CONSULTANT_IN_TRAINING) === cit);
  const sum = (list: readonly PathOffering[], key: 'individualHours' | 'groupHours') =>
    list.reduce((n, o) => n + (o[key] ?? 0), 0);
  let countedIndividual = 0;
  let countedGroup = 0;
  let citLeft = C.maxFromCit;
  const take = (hours: number, group: boolean, cit: boolean) => {
    const room = C.total - countedIndividual - countedGroup;
    const n = Math.max(
      0,
      Math.min(hours, room, group ? C.maxGroup - countedGroup : Infinity, cit ? citLeft : Infinity),
    );
    if (group) countedGroup += n;
    else countedIndividual += n;
    if (cit) citLeft -= n;
  };
  take(sum(byCit(false), 'individualHours'), false, false);
  take(sum(byCit(false), 'groupHours'), true, false);
  take(sum(byCit(true), 'individualHours'), false, true);
  take(sum(byCit(true), 'groupHours'), true, true);
  const counted = countedIndividual + countedGroup;
  const individualNeeded = Math.max(0, C.minIndividual - countedIndividual);
  const prices = toward.map(totalPrice);
  return {
    individual: sum(toward, 'individualHours'),
    group: sum(toward, 'groupHours'),
    counted,
    countedIndividual,
    countedGroup,
    remaining: Math.max(C.total - counted, individualNeeded),
    individualNeeded,
    complete: counted >= C.total && individualNeeded === 0,
    price: prices.every((p) => p !== null) ? prices.reduce((a, b) => a + b, 0) : null,
  };
}

/** "20 of the 20 hours: 10 individual, 10 group · $2,175 in all", or what is still needed. */
export function certificationLine(t: CertificationTotals): string {
  const hours = `${t.counted} of the ${CERTIFICATION_HOURS.total} hours: ${t.countedIndividual} individual, ${t.countedGroup} group`;
  const still = t.complete
    ? []
    : t.individualNeeded > 0
      ? [`${more(t.individualNeeded, 'individual ')}needed`]
      : [`${more(t.remaining, '')}needed`];
  const price = t.price === null ? [] : [`${formatPrice(Math.round(t.price))} in all`];
  return [hours, ...still, ...price].join(' · ');
}

/** "10 more individual hours ", "1 more hour ". */
const more = (n: number, kind: string) => `${formatNumber(n)} more ${kind}hour${n === 1 ? '' : 's'} `;
