import { z } from 'zod';
import { Temporal } from 'temporal-polyfill';
import { OFFERING_LIMITS as L, REPEAT_VALUES, SCHEDULE_VALUES, type OfferingKind } from './consultationFacts';
import { OFFERING_CHECKS, OFFERING_MESSAGES as M } from './offeringFields';
import { DEFAULT_TIME_ZONE } from '../time/timeZones';
import { toWallClock } from '../time/zonedTime';
import { ruleDates, type Series } from './recurrence';

/**
 * When an offering meets, as the admin API and the form accept it (docs/product.md, Consultation;
 * the model: docs/decisions/0043-consultation-recurrence.md). Times are wall-clock text on the
 * offering's own zone ('2027-03-02T18:00'); an instant with an offset is read on that clock.
 */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function parses(parse: () => unknown): boolean {
  try {
    parse();
    return true;
  } catch {
    return false;
  }
}
const isDate = (text: string) => DATE.test(text) && parses(() => Temporal.PlainDate.from(text, { overflow: 'reject' }));
const isWallClock = (text: string) =>
  WALL_CLOCK.test(text) && parses(() => Temporal.PlainDateTime.from(text, { overflow: 'reject' }));
const isInstant = (text: string) => WITH_OFFSET.test(text) && !Number.isNaN(Date.parse(text));

/** The platform's canonical id of an IANA zone ('america/new_york' → 'America/New_York'), or null. */
export function canonicalZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const whole = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .nullish()
    .transform((v) => v ?? null);

/** Local dates as given: a message's index is the row on screen; withSortedDates orders them once checked. */
const dateList = (message: string) =>
  z
    .array(z.string({ error: message }).trim().refine(isDate, { error: message }), { error: message })
    .max(L.maxDates, { error: message })
    .nullish()
    .transform((list) => list ?? []);

/** The fields of when, spread into the offering's schema. */
export const whenFields = {
  schedule: z.enum(SCHEDULE_VALUES, { error: M.schedule }),
  firstSession: z
    .string({ error: M.firstSession })
    .trim()
    .refine((v) => v === '' || isWallClock(v) || isInstant(v), { error: M.firstSession })
    .nullish()
    .transform((v) => v || null),
  sessionMinutes: whole(L.minSessionMinutes, L.maxSessionMinutes, M.sessionMinutes),
  repeat: z
    .union([z.enum(REPEAT_VALUES), z.literal('')], { error: M.repeat })
    .nullish()
    .transform((v) => v || null),
  sessionCount: whole(1, L.maxSessions, M.sessionCount),
  sessionDates: dateList(M.sessionDates),
  skippedDates: dateList(M.skippedDates),
  // Any IANA zone (an online group may meet on Madrid's clock); absent is Eastern Time, as for a training.
  timeZone: z
    .string({ error: M.timeZone })
    .trim()
    .refine((v) => v === '' || canonicalZone(v) !== null, { error: M.timeZone })
    .nullish()
    .transform((v) => (v ? canonicalZone(v)! : DEFAULT_TIME_ZONE)),
};

type WhenValues = Series & { kind: OfferingKind };

/**
 * The first session as wall-clock text on the offering's clock (minutes), and only the fields its
 * schedule uses: a list of dates has no repeat, arranged times have no dates. Nothing unseen is kept.
 */
export function onOfferingClock<T extends WhenValues>(value: T): T {
  const first = value.firstSession;
  const wallClock = !first
    ? null
    : isInstant(first)
      ? toWallClock(first, value.timeZone)
      : Temporal.PlainDateTime.from(first).toString({ smallestUnit: 'minute' });
  const { schedule } = value;
  return {
    ...value,
    firstSession: schedule === 'arranged' ? null : wallClock,
    repeat: schedule === 'repeat' ? value.repeat : null,
    sessionCount: schedule === 'repeat' ? value.sessionCount : null,
    sessionDates: schedule === 'dates' ? value.sessionDates : [],
    skippedDates: schedule === 'repeat' ? value.skippedDates : [],
  };
}

/** What each schedule needs: a series its rule, a list its dates, arranged times an individual offering. */
export function checkWhen(value: WhenValues, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (value.schedule === 'arranged') {
    if (value.kind === 'group') issue(['schedule'], OFFERING_CHECKS.arrangedIsIndividual);
    return;
  }
  if (!value.firstSession) issue(['firstSession'], M.firstSession);
  if (!value.sessionMinutes) issue(['sessionMinutes'], M.sessionMinutes);
  if (value.schedule === 'repeat') {
    if (!value.repeat) issue(['repeat'], M.repeat);
    if (!value.sessionCount) issue(['sessionCount'], M.sessionCount);
    if (!value.firstSession || !value.repeat || !value.sessionCount) return;
    const { skipped } = ruleDates(value);
    value.skippedDates.forEach((date, i) => skipped.has(date) || issue(['skippedDates', i], M.skippedDates));
    return;
  }
  if (value.sessionDates.length === 0) issue(['sessionDates'], OFFERING_CHECKS.needsDates);
  const first = value.firstSession?.slice(0, 10);
  value.sessionDates.forEach((date, i) => {
    if ((first && date <= first) || value.sessionDates.indexOf(date) < i) issue(['sessionDates', i], M.sessionDates);
  });
}

/** The dates in order, each once (what the recurrence and the stored row read). */
export function withSortedDates<T extends Pick<Series, 'sessionDates' | 'skippedDates'>>(value: T): T {
  const sorted = (list: readonly string[]) => [...new Set(list)].sort();
  return { ...value, sessionDates: sorted(value.sessionDates), skippedDates: sorted(value.skippedDates) };
}
