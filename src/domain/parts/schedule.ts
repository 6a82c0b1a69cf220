import { z } from 'zod';

/**
 * A training's schedule: optional text holding a JSON list of {day, time, topics} (docs/product.md);
 * in a program in parts a day may name its part ("Part 2"), by the part's label.
 */
export const ScheduleEntrySchema = z.object({
  day: z.string(),
  time: z.string(),
  topics: z.string(),
  part: z.string().optional(),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

export const SCHEDULE_MESSAGE = 'Schedule must be a JSON list of entries with "day", "time" and "topics"';

/** Parses stored schedule text; malformed text yields no schedule rather than a broken page. */
export function parseSchedule(text: string | null | undefined): ScheduleEntry[] {
  if (!text) return [];
  try {
    const result = z.array(ScheduleEntrySchema).safeParse(JSON.parse(text));
    return result.success ? result.data : [];
  } catch {
    return [];
  }
}

export function isValidScheduleText(text: string): boolean {
  try {
    return z.array(ScheduleEntrySchema).safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}
