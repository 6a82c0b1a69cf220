import type { z } from 'zod';
import { TrainingFieldsSchema, endNotBeforeStart, inTimeZone } from './training';
import { ScheduleRowsSchema } from './scheduleRows';

/**
 * The training form's schema: the API's fields, except that the schedule is edited as rows and
 * leaves the form as the stored text the API takes.
 */
export const TrainingFormSchema = TrainingFieldsSchema.extend({ schedule: ScheduleRowsSchema })
  .transform(inTimeZone)
  .superRefine(endNotBeforeStart);

export type TrainingFormValues = z.input<typeof TrainingFormSchema>;
export type TrainingFormOutput = z.output<typeof TrainingFormSchema>;
