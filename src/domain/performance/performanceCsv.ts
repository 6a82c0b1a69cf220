import { LISTING_EVENT_LABELS, LISTING_EVENT_TYPES } from './listingEvents';
import type { PerformanceRow } from './performance';

/**
 * The columns of the Performance CSV (`GET /api/admin/analytics.csv`): one line per training and
 * day with a count, the counts in the order of LISTING_EVENT_TYPES. Written with csv.ts, which
 * quotes and defuses what a trainer typed (a title starting with "=").
 */
export const PERFORMANCE_CSV_HEADER = [
  'day',
  'trainer_id',
  'trainer',
  'training_id',
  'training',
  ...LISTING_EVENT_TYPES.map((type) => LISTING_EVENT_LABELS[type]),
] as const;

export function performanceCsvCells(row: PerformanceRow): (string | number)[] {
  return [
    row.day,
    row.trainerId,
    row.trainerName,
    row.trainingId,
    row.trainingTitle,
    ...LISTING_EVENT_TYPES.map((type) => row.counts[type]),
  ];
}

export const performanceCsvFileName = (from: string, to: string): string => `performance-${from}-to-${to}.csv`;
