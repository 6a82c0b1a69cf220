import { DEFAULT_TIME_ZONE } from '../time/timeZones';
import {
  approvingBodyNames,
  isFullCostDisclosed,
  totalCost,
  type CeApproval,
  type Consultation,
  type ProgramType,
} from '../trainingFacts/programFacts';
import { availabilityBadge, type Availability } from '../parts/availability';
import type { TrainingPart } from '../parts/trainingParts';
import { cardLicenses, eligibilityBadges, type Eligibility } from '../trainingFacts/eligibility';

/**
 * A training card's projection: only what the card shows. The static render, the island and the
 * API's `fields=card` answer all build it here, so the card cannot drift from the data it is sent.
 */
export interface TrainingCardData {
  id: string;
  title: string;
  price: number;
  startDate: string;
  endDate: string;
  location: string;
  format: string;
  /** The card's dates are the days of the training's own zone. */
  timeZone: string;
  trainer: { name: string; photo: string | null } | null;
  programType: ProgramType | null;
  /** The approving bodies' short names, once each ("APA", "ASWB ACE"). */
  ceBodies: string[];
  /** Tuition plus consultation, only when it differs from the price. */
  totalCost: { min: number; max: number } | null;
  fullCostDisclosed: boolean;
  /** "Sold out", "Only 4 seats left"…; null while seats are open (docs/product.md, Availability). */
  availabilityBadge: string | null;
  /** Parts after the first, whose dates the card shows ("+1 more part"). */
  moreParts: number;
  /** Miles from a Near me search's place ("12 mi"); absent or null otherwise. */
  distanceMiles?: number | null;
  /** "Students welcome", "Requires Basic Training", "Restricted" (ADR 0045). */
  eligibilityBadges: string[];
  /** The license types it names, when three or fewer ("Counselors", "Social workers"). */
  licenses: string[];
  /** True when an "I am a …" filter kept it only because it states nothing; absent otherwise. */
  eligibilityNotStated?: boolean;
}

/** The program facts a card reads; absent ones count as not stated. */
interface CardFacts {
  programType?: ProgramType | null;
  ceApprovals?: readonly Pick<CeApproval, 'body'>[];
  consultation?: Consultation | null;
  completionWindowMonths?: number | null;
  refundPolicy?: string | null;
  availability?: Availability;
  seatsLeft?: number | null;
  parts?: readonly Pick<TrainingPart, 'startDate' | 'endDate' | 'timeZone'>[];
}

export function toCardData(
  t: {
    id: string;
    title: string;
    price: number;
    startDate: string | Date;
    endDate: string | Date;
    location: string;
    format: string;
    timeZone?: string;
    trainer: { name: string; photo: string | null } | null;
  } & CardFacts &
    Partial<Eligibility>,
): TrainingCardData {
  const iso = (d: string | Date) => (typeof d === 'string' ? d : d.toISOString());
  const facts = {
    consultation: t.consultation ?? null,
    completionWindowMonths: t.completionWindowMonths ?? null,
    refundPolicy: t.refundPolicy ?? null,
  };
  const total = totalCost({ price: t.price, consultation: facts.consultation });
  const parts = t.parts ?? [];
  // A program in parts shows its first part's days, in that part's zone.
  const first = parts[0];
  const zone = t.timeZone ?? DEFAULT_TIME_ZONE;
  return {
    id: t.id,
    title: t.title,
    price: t.price,
    startDate: first ? first.startDate : iso(t.startDate),
    endDate: first ? first.endDate : iso(t.endDate),
    location: t.location,
    format: t.format,
    timeZone: first?.timeZone ?? zone,
    trainer: t.trainer ? { name: t.trainer.name, photo: t.trainer.photo } : null,
    programType: t.programType ?? null,
    ceBodies: approvingBodyNames(t.ceApprovals ?? []),
    totalCost: total.min === t.price && total.max === t.price ? null : { min: total.min, max: total.max },
    fullCostDisclosed: isFullCostDisclosed(facts),
    availabilityBadge: availabilityBadge(t),
    moreParts: Math.max(0, parts.length - 1),
    eligibilityBadges: eligibilityBadges(t),
    licenses: cardLicenses(t),
  };
}
