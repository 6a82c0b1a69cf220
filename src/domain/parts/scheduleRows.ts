import { z } from 'zod';
import { ScheduleEntrySchema, type ScheduleEntry } from './schedule';
import { LIMITS } from '../fields';

/**
 * The schedule as the admin edits it: rows of Day, Time and Topics, stored as the JSON list of
 * {day, time, topics} the public page reads. Admins never type JSON.
 */
export const SCHEDULE_ROW_MESSAGES = {
  day: 'Day is required',
  topics: 'Topics are required',
} as const;

export const EMPTY_SCHEDULE_ROW: ScheduleEntry = { day: '', time: '', topics: '' };

const isBlank = (row: ScheduleEntry) => !row.day.trim() && !row.time.trim() && !row.topics.trim();

const ScheduleRowSchema = z
  .object({
    day: z
      .string()
      .trim()
      .max(LIMITS.short, { error: `Must be at most ${LIMITS.short} characters` }),
    time: z
      .string()
      .trim()
      .max(LIMITS.short, { error: `Must be at most ${LIMITS.short} characters` }),
    topics: z
      .string()
      .trim()
      .max(LIMITS.long, { error: `Must be at most ${LIMITS.long} characters` }),
    part: z.string().trim().max(60).optional(),
  })
  .superRefine((row, ctx) => {
    // A row left completely empty is simply not saved; a started row needs its day and topics.
    if (isBlank(row)) return;
    if (!row.day) ctx.addIssue({ code: 'custom', path: ['day'], message: SCHEDULE_ROW_MESSAGES.day });
    if (!row.topics) ctx.addIssue({ code: 'custom', path: ['topics'], message: SCHEDULE_ROW_MESSAGES.topics });
  });

/** The editor's rows in, the stored text out (null when there are no rows). */
export const ScheduleRowsSchema = z
  .array(ScheduleRowSchema)
  .transform((rows) => rows.filter((row) => !isBlank(row)))
  // A day names its part only when it has one: a schedule without parts is stored as before.
  .transform((rows) => rows.map(({ part, ...row }) => (part ? { ...row, part } : row)))
  .transform((rows) => (rows.length > 0 ? JSON.stringify(rows) : null));

/**
 * Stored text to editor rows. Text that is not a valid schedule (typed by hand in the days of the
 * JSON box) becomes one row holding that text in Topics, so nothing is lost and nothing fails.
 */
export function scheduleRowsFromText(text: string | null | undefined): ScheduleEntry[] {
  if (!text || !text.trim()) return [];
  try {
    const parsed = z.array(ScheduleEntrySchema).safeParse(JSON.parse(text));
    if (parsed.success)
      return parsed.data.map(({ day, time, topics, part }) => ({ day, time, topics, ...(part ? { part } : {}) }));
  } catch {
    // not JSON: kept as text below
  }
  return [{ day: '', time: '', topics: text }];
}
