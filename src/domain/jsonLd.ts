import { toOffsetDateTime } from './time/zonedTime';
import { DEFAULT_LANGUAGE, ceSummary, type CeApproval } from './trainingFacts/programFacts';
import { eventStatus, offerAvailability, type Availability } from './parts/availability';
import { shownParts, type TrainingPart } from './parts/trainingParts';
import type { Eligibility } from './trainingFacts/eligibility';
import { educationalRoles, prerequisiteSentence } from './trainingFacts/eligibilityText';
import { credentialJsonLd, type PublicCredential } from './trust/credentialChecks';

/**
 * schema.org EducationEvent for a training page, and its safe serialisation: `<` is
 * escaped so no user text can close the script element or open a comment (docs/architecture.md, convention 7).
 */
export interface JsonLdTraining extends Partial<Eligibility> {
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  format: string;
  location: string;
  venue: string | null;
  state: string | null;
  price: number;
  thinkificUrl: string;
  trainer: { name: string; website?: string | null; verified?: readonly PublicCredential[] } | null;
  /** BCP 47 primary tag ('en' when absent). */
  language?: string;
  ceApprovals?: readonly Pick<CeApproval, 'body' | 'boardName' | 'hours'>[];
  /** 'open' when absent. */
  availability?: Availability;
  parts?: readonly TrainingPart[];
}

/**
 * The page's description with its CE approvals named and what it requires first (EducationEvent has
 * no coursePrerequisites): "… CE: APA 50 hours, NBCC 50 hours. Requires a completed EMDR
 * Basic Training."
 */
export function jsonLdDescription(
  t: Pick<JsonLdTraining, 'description' | 'ceApprovals' | 'prerequisite' | 'prerequisiteText'>,
): string {
  const approvals = t.ceApprovals ?? [];
  const added = [
    ...(approvals.length > 0 ? [`CE: ${ceSummary(approvals)}.`] : []),
    ...[prerequisiteSentence(t)].filter((s) => s !== null),
  ];
  if (added.length === 0) return t.description;
  const text = t.description.trimEnd();
  const sentence = text === '' || /[.!?]$/.test(text) ? text : `${text}.`;
  return [sentence, ...added].filter(Boolean).join(' ');
}

export const ATTENDANCE_MODE: Record<string, string> = {
  'In-Person': 'https://schema.org/OfflineEventAttendanceMode',
  Virtual: 'https://schema.org/OnlineEventAttendanceMode',
  Hybrid: 'https://schema.org/MixedEventAttendanceMode',
};

/** Where an event happens: a Place, a VirtualLocation (the registration page), or both for hybrid. */
export function eventLocation(
  t: Pick<JsonLdTraining, 'state' | 'thinkificUrl'>,
  where: { format: string; location: string; venue: string | null },
) {
  const place = {
    '@type': 'Place',
    name: where.venue ?? where.location,
    address: {
      '@type': 'PostalAddress',
      addressLocality: where.location,
      ...(t.state ? { addressRegion: t.state } : {}),
      addressCountry: 'US',
    },
  };
  const virtual = { '@type': 'VirtualLocation', url: t.thinkificUrl };
  return where.format === 'Virtual' ? virtual : where.format === 'Hybrid' ? [place, virtual] : place;
}

export function trainingJsonLd(t: JsonLdTraining, pageUrl: string): Record<string, unknown> {
  const person = t.trainer
    ? {
        '@type': 'Person',
        name: t.trainer.name,
        ...(t.trainer.website ? { url: t.trainer.website } : {}),
        // The trainer's credentials the team checked in the last 12 months (docs/product.md, Trust).
        ...(t.trainer.verified?.length ? { hasCredential: t.trainer.verified.map(credentialJsonLd) } : {}),
      }
    : undefined;
  const availability = t.availability ?? 'open';
  const status = eventStatus(availability);
  // Who it is for (ADR 0045): the license types (and students) as the audience's roles.
  const roles = educationalRoles(t);
  // One sub-event per part, each at its own place and on its own zone's clock (docs/product.md, Parts).
  const parts = shownParts({ ...t, parts: t.parts ?? [] }).map((p) => ({
    '@type': 'EducationEvent',
    name: `${t.title} — ${p.label}`,
    startDate: toOffsetDateTime(p.startDate, p.timeZone),
    endDate: toOffsetDateTime(p.endDate, p.timeZone),
    eventStatus: status,
    eventAttendanceMode: ATTENDANCE_MODE[p.format] ?? ATTENDANCE_MODE['In-Person'],
    location: eventLocation(t, p),
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationEvent',
    name: t.title,
    description: jsonLdDescription(t),
    url: pageUrl,
    inLanguage: t.language ?? DEFAULT_LANGUAGE,
    // Local time with its offset ('2027-03-06T09:00:00-08:00'): Google reads the event's own hour from it.
    startDate: toOffsetDateTime(t.startDate, t.timeZone),
    endDate: toOffsetDateTime(t.endDate, t.timeZone),
    eventStatus: status,
    eventAttendanceMode: ATTENDANCE_MODE[t.format] ?? ATTENDANCE_MODE['In-Person'],
    location: eventLocation(t, t),
    // The offer is the tuition, what Register sells; a consultation not included is on the page, not here.
    offers: {
      '@type': 'Offer',
      price: t.price,
      priceCurrency: 'USD',
      url: t.thinkificUrl,
      availability: offerAvailability(availability),
    },
    ...(person ? { organizer: person, performer: person } : {}),
    ...(roles.length > 0 ? { audience: { '@type': 'EducationalAudience', educationalRole: roles } } : {}),
    ...(parts.length > 0 ? { subEvent: parts } : {}),
  };
}

/** JSON for a `<script type="application/ld+json">` element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
