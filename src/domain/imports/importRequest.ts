import { z } from 'zod';
import { FeedDefaultsSchema } from './feedEvents';

/** The body of `POST /api/admin/imports` for a calendar feed (a file is sent as text/csv). */
export const FeedImportSchema = z.strictObject({
  url: z
    .string({ error: 'Enter the calendar’s address' })
    .trim()
    .min(1, { error: 'Enter the calendar’s address' })
    .max(2000, { error: 'The address is too long' }),
  defaults: FeedDefaultsSchema,
  subscribe: z.boolean().optional(),
});

export const LeftDecisionSchema = z.strictObject({
  decision: z.enum(['cancel', 'keep'], { error: 'Choose Cancel the training or Keep it' }),
});

/** A file's name as the upload gives it (`?name=`), kept short and plain for the history. */
export function fileLabel(name: string | null): string {
  const plain = (name ?? '')
    .replace(/[^\w .()-]+/g, '')
    .trim()
    .slice(0, 120);
  return plain || 'import.csv';
}
