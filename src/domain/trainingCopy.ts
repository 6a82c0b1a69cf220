import { z } from 'zod';
import { Temporal } from 'temporal-polyfill';
import { TrainingInputSchema, type TrainingInput } from './training';

/**
 * Copy to new dates (docs/product.md, Copy to new dates): the new first day, and a training's every
 * part moved by the same number of days on its own clock, so a daylight-saving change keeps its local
 * times (9:00 stays 9:00). Every fact is copied; availability is open again and seats are cleared.
 */
export const COPY_MESSAGES = { startDate: 'Choose the new first day as a date (YYYY-MM-DD)' } as const;

export const CopyTrainingSchema = z.strictObject({
  startDate: z.iso.date({ error: COPY_MESSAGES.startDate }),
});

// A stored part's times come back from JSON as ISO strings; the training's own as Dates.
const zoned = (instant: Date | string, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(new Date(instant).getTime()).toZonedDateTimeISO(zone);

/** How many days from the day an instant falls on, on that zone's clock, to a calendar day. */
export function daysUntil(instant: Date | string, zone: string, day: string): number {
  return zoned(instant, zone).toPlainDate().until(Temporal.PlainDate.from(day), { largestUnit: 'days' }).days;
}

/** An instant moved by whole days on a zone's clock: the same local time, whatever the offset then. */
export function moveByDays(instant: Date | string, zone: string, days: number): Date {
  return new Date(zoned(instant, zone).add({ days }).epochMilliseconds);
}

/** The copy's input: the source's every field, its dates moved so that the first day is `startDate`. */
export function copiedInput(source: TrainingInput, startDate: string, isPublished: boolean): TrainingInput {
  const days = daysUntil(source.startDate, source.timeZone, startDate);
  const move = (instant: Date | string, zone: string | null | undefined) =>
    moveByDays(instant, zone ?? source.timeZone, days);
  return TrainingInputSchema.parse({
    ...source,
    startDate: move(source.startDate, source.timeZone),
    endDate: move(source.endDate, source.timeZone),
    parts: source.parts.map((p) => ({
      ...p,
      startDate: move(p.startDate, p.timeZone),
      endDate: move(p.endDate, p.timeZone),
    })),
    availability: 'open',
    seatsLeft: null,
    isPublished,
  });
}
