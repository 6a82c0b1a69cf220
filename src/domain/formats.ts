/** Training formats (docs/product.md). A Hybrid training matches both other filters. */
export const FORMATS = ['In-Person', 'Virtual', 'Hybrid'] as const;
export type TrainingFormat = (typeof FORMATS)[number];
/** The format filter that lists what a clinician can attend from anywhere (Hybrid matches it too). */
export const ONLINE_FORMAT: TrainingFormat = 'Virtual';

export function isFormat(value: string): value is TrainingFormat {
  return (FORMATS as readonly string[]).includes(value);
}

/** Whether a training of this format is shown under a format filter: Hybrid counts as both. */
export function formatMatches(format: string, filter: string): boolean {
  return format === filter || (format === 'Hybrid' && isFormat(filter));
}
