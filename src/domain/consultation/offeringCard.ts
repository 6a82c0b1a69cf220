import { AVAILABILITIES, type Availability } from '../parts/availability';
import { formatNumber } from '../display';
import { kindLabel, towardText, type Goal } from './consultationFacts';
import { hoursPerMember, plural, priceText, type PriceFacts } from './offeringPrice';
import { expandSessions, type Session } from './recurrence';
import { meetsText, sessionsText } from './sessionTimes';

/**
 * An offering's card in one line (docs/product.md, Consultation): "Group of 6 · Tuesdays 6–7:30 PM
 * ET · 10 sessions from Mar 2, 2027 · $45 an hour · 10 group hours toward EMDR Certification · 3
 * seats left", and the forming line beside it. Built on the server (the card projection carries the
 * text), so the public islands download neither the zone rules nor Temporal.
 */
export interface CardFacts extends PriceFacts {
  title: string | null;
  countsToward: readonly Goal[];
  groupMin: number | null;
  groupMax: number | null;
  forming: boolean;
  joinedCount: number | null;
  availability: Availability;
  seatsLeft: number | null;
}

/** "Group of 6", "Group of 4–6", "Individual consultation", "10 individual hours". */
export function kindText(o: CardFacts): string {
  if (o.kind === 'group') {
    const max = o.groupMax ?? 0;
    return o.groupMin !== null && o.groupMin < max ? `Group of ${o.groupMin}–${max}` : `Group of ${max}`;
  }
  if (o.kind === 'individual')
    return (o.groupMax ?? 1) > 1 ? `Individual hours in a group of ${o.groupMax}` : kindLabel('individual');
  return hoursSplitText(o) ?? kindLabel('package');
}

/** "10 group hours", "10 individual hours", "5 individual and 5 group hours"; null when not stated. */
export function hoursSplitText(o: Pick<CardFacts, 'individualHours' | 'groupHours'>): string | null {
  const parts = [
    o.individualHours ? `${formatNumber(o.individualHours)} individual` : null,
    o.groupHours ? `${formatNumber(o.groupHours)} group` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return `${parts.join(' and ')} ${hoursPerMember(o) === 1 ? 'hour' : 'hours'}`;
}

/** "10 group hours toward EMDR Certification"; a package names its hours first, so only "Toward …". */
export function hoursTowardText(o: CardFacts): string {
  const toward = towardText(o.countsToward);
  const hours = o.kind === 'package' ? null : hoursSplitText(o);
  return hours ? `${hours} ${toward}` : toward.charAt(0).toUpperCase() + toward.slice(1);
}

/** "3 seats left", "1 seat left", "Few seats left", "Waitlist open"…; null while open with no count. */
export function seatsText(o: Pick<CardFacts, 'availability' | 'seatsLeft'>): string | null {
  const open = o.availability === 'open' || o.availability === 'few_seats';
  if (open && o.seatsLeft !== null) return `${plural(o.seatsLeft, 'seat')} left`;
  if (o.availability === 'open') return null;
  return AVAILABILITIES.find((a) => a.value === o.availability)!.label;
}

/** "Starts when 4 have joined: 2 so far"; null when the group is not forming. */
export function formingText(o: Pick<CardFacts, 'forming' | 'groupMin' | 'joinedCount'>): string | null {
  if (!o.forming || o.groupMin === null) return null;
  const base = `Starts when ${o.groupMin} ${o.groupMin === 1 ? 'has' : 'have'} joined`;
  return o.joinedCount === null ? base : `${base}: ${o.joinedCount} so far`;
}

/** The offering's own title, or its kind and goal: "Consultation group toward EMDR Certification". */
export function offeringTitle(o: Pick<CardFacts, 'title' | 'kind' | 'countsToward'>): string {
  return o.title ?? `${kindLabel(o.kind)} ${towardText(o.countsToward)}`.trim();
}

/** The card's line, its parts joined with " · ". */
export function offeringSummary(o: CardFacts, sessions: readonly Session[] = expandSessions(o)): string {
  return [
    kindText(o),
    meetsText(o, sessions),
    sessionsText(o, sessions),
    priceText(o),
    hoursTowardText(o),
    seatsText(o),
  ]
    .filter((part) => part)
    .join(' · ');
}

/** A card's projection: only what the card shows (the static render, the island and `fields=card`). */
export interface OfferingCardData {
  id: string;
  title: string;
  summary: string;
  forming: string | null;
  /** The offering's language (BCP 47 primary tag): a card in Spanish is rendered inside lang="es". */
  language: string;
  /** "Verified EMDRIA Approved Consultant · Mar 2026" or "Credential not checked by us" (consultants.ts). */
  credential: string;
  trainer: { name: string; photo: string | null } | null;
  /** Miles from a "near" search's place; absent or null otherwise. */
  distanceMiles?: number | null;
}

export function toOfferingCard(
  o: CardFacts & { id: string; language: string },
  extra: Pick<OfferingCardData, 'credential' | 'trainer'>,
): OfferingCardData {
  return {
    id: o.id,
    title: offeringTitle(o),
    summary: offeringSummary(o),
    forming: formingText(o),
    language: o.language,
    ...extra,
  };
}
