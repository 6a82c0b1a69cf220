import { Temporal } from 'temporal-polyfill';
import { ATTENDANCE_MODE, eventLocation, jsonLdDescription } from '../jsonLd';
import { toOffsetDateTime } from '../time/zonedTime';
import { eventStatus, offerAvailability } from '../parts/availability';
import { DEFAULT_LANGUAGE } from '../trainingFacts/programFacts';
import { credentialJsonLd, type PublicCredential } from '../trust/credentialChecks';
import type { Prerequisite } from '../trainingFacts/eligibility';
import { offeringSummary, offeringTitle, type CardFacts } from './offeringCard';
import { totalPrice } from './offeringPrice';
import { expandSessions, ruleDates, weekOfMonth, weekdayOf, type Session } from './recurrence';

/**
 * schema.org data of an offering's page (docs/decisions/0043-consultation-recurrence.md): an
 * EducationEvent from the first session to the last, its `eventSchedule` a Schedule on the
 * offering's clock (how often, which weekday, the hours, the zone, how many, the skipped dates),
 * the offer, and the group's capacity. Arranged times are no event: a Service with its offer.
 * Serialised with serializeJsonLd (src/domain/jsonLd.ts), `<` escaped.
 */
export interface JsonLdOffering extends CardFacts {
  description: string | null;
  format: string;
  location: string | null;
  registerUrl: string | null;
  language: string;
  prerequisite?: Prerequisite | null;
  prerequisiteText?: string | null;
  trainer: { name: string; website?: string | null; verified?: readonly PublicCredential[] } | null;
}

const SCHEMA = 'https://schema.org/';
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const FREQUENCY = { weekly: 'P1W', biweekly: 'P2W', monthly: 'P1M' } as const;

/** The Schedule of a series, or one per date of a list; local times on the offering's clock. */
export function eventSchedule(o: JsonLdOffering, sessions: readonly Session[]): Record<string, unknown>[] {
  if (!o.firstSession || !o.sessionMinutes || sessions.length === 0) return [];
  const start = Temporal.PlainDateTime.from(o.firstSession).toPlainTime();
  const common = {
    '@type': 'Schedule',
    startTime: start.toString(),
    endTime: start.add({ minutes: o.sessionMinutes }).toString(),
    duration: `PT${o.sessionMinutes}M`,
    scheduleTimezone: o.timeZone,
  };
  if (o.schedule !== 'repeat' || !o.repeat)
    return sessions.map((s) => ({ ...common, startDate: s.date, endDate: s.date, repeatCount: 1 }));
  const first = sessions[0]!.date;
  const week = weekOfMonth(first);
  const skipped = [...ruleDates(o).skipped].sort();
  return [
    {
      ...common,
      startDate: first,
      endDate: sessions.at(-1)!.date,
      repeatFrequency: FREQUENCY[o.repeat],
      byDay: `${SCHEMA}${DAYS[weekdayOf(first) - 1]}`,
      // schema.org has no "last week of the month": a 5th weekday is told by its dates alone.
      ...(o.repeat === 'monthly' && week > 0 ? { byMonthWeek: week } : {}),
      // The sessions held; the skipped dates are not among them.
      repeatCount: sessions.length,
      ...(skipped.length > 0 ? { exceptDate: skipped } : {}),
    },
  ];
}

function offer(o: JsonLdOffering, pageUrl: string): Record<string, unknown> {
  const unit = { hour: 'hour', session: 'session', series: 'series' }[o.priceUnit];
  const total = totalPrice(o);
  return {
    '@type': 'Offer',
    // What one member pays in all when the stated facts add up to it; else the stated price.
    price: total ?? o.price,
    priceCurrency: 'USD',
    url: o.registerUrl ?? pageUrl,
    availability: offerAvailability(o.availability),
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: o.price,
      priceCurrency: 'USD',
      unitText: unit,
      ...(o.priceUnit === 'hour' ? { unitCode: 'HUR' } : {}),
    },
  };
}

export function offeringJsonLd(o: JsonLdOffering, pageUrl: string): Record<string, unknown> {
  const sessions = expandSessions(o);
  const person = o.trainer
    ? {
        '@type': 'Person',
        name: o.trainer.name,
        ...(o.trainer.website ? { url: o.trainer.website } : {}),
        ...(o.trainer.verified?.length ? { hasCredential: o.trainer.verified.map(credentialJsonLd) } : {}),
      }
    : undefined;
  const base = {
    '@context': 'https://schema.org',
    name: offeringTitle(o),
    description: jsonLdDescription({ ...o, description: o.description ?? offeringSummary(o, sessions) }),
    url: pageUrl,
    inLanguage: o.language || DEFAULT_LANGUAGE,
    offers: offer(o, pageUrl),
  };
  const first = sessions[0];
  if (!first)
    return { ...base, '@type': 'Service', serviceType: 'EMDR consultation', ...(person ? { provider: person } : {}) };
  const where = { format: o.format, location: o.location ?? 'Online', venue: null };
  return {
    ...base,
    '@type': 'EducationEvent',
    startDate: toOffsetDateTime(first.start, o.timeZone),
    endDate: toOffsetDateTime(sessions.at(-1)!.end, o.timeZone),
    eventSchedule: eventSchedule(o, sessions),
    eventStatus: eventStatus(o.availability),
    eventAttendanceMode: ATTENDANCE_MODE[o.format] ?? ATTENDANCE_MODE['Virtual'],
    location: eventLocation({ state: null, thinkificUrl: o.registerUrl ?? pageUrl }, where),
    ...(o.groupMax !== null ? { maximumAttendeeCapacity: o.groupMax } : {}),
    ...(o.seatsLeft !== null ? { remainingAttendeeCapacity: o.seatsLeft } : {}),
    ...(person ? { organizer: person, performer: person } : {}),
  };
}
