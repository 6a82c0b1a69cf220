import * as listingEvents from '../../data/listingEvents';
import type { CountRow } from '../../data/listingEvents';
import * as trainers from '../../data/trainers';
import { countsTotal, noCounts, type EventCounts } from '../../domain/performance/listingEvents';
import {
  addDays,
  daysFrom,
  utcDay,
  type AnalyticsQuery,
  type PerformancePageQuery,
  type PerformancePeriod,
  type PerformanceRow,
  type TrainingPerformance,
} from '../../domain/performance/performance';
import { flushListingEvents } from './listingEvents';
import { trainersAsked, type TrainerScope } from '../trainerScope';

/**
 * How listings perform, read back (docs/product.md, Performance): the daily rows of
 * `GET /api/admin/analytics` and its CSV, and the Performance page's report. Every reader takes the
 * viewer's trainer scope (trainerScope.ts) and reads only inside it. What this process has counted
 * but not yet written is written first, so a count made just before shows at once.
 */
export async function analyticsRows(scope: TrainerScope, query: AnalyticsQuery): Promise<PerformanceRow[]> {
  const trainerIds = await trainersAsked(scope, query.trainerId);
  await flushListingEvents();
  return dailyRows(await listingEvents.counts({ from: query.from, to: query.to, trainerIds }));
}

/** The repository's rows (one per type) as one row per training and day; the order is kept. */
function dailyRows(counts: CountRow[]): PerformanceRow[] {
  const rows = new Map<string, PerformanceRow>();
  for (const { type, count, ...row } of counts) {
    const key = `${row.day} ${row.trainingId}`;
    let daily = rows.get(key);
    if (!daily) rows.set(key, (daily = { ...row, counts: noCounts() }));
    daily.counts[type] += count;
  }
  return [...rows.values()];
}

export const PERFORMANCE_PAGE_SIZE = 20;

export interface PerformanceReport {
  period: PerformancePeriod;
  from: string;
  to: string;
  days: string[];
  trainerId: string | null;
  /** Every counted training in the scope (and of the trainer asked for), summed. */
  totals: EventCounts;
  /** The same sums over the period of the same length just before (docs/product.md, Performance). */
  previous: { from: string; to: string; totals: EventCounts };
  trainingCount: number;
  page: number;
  pageCount: number;
  /** This page's trainings, the most counted first. */
  trainings: TrainingPerformance[];
  /** The trainers the viewer may choose from. */
  trainers: { id: string; name: string }[];
}

export async function performanceReport(
  scope: TrainerScope,
  query: PerformancePageQuery,
  now = new Date(),
): Promise<PerformanceReport> {
  const trainerIds = await trainersAsked(scope, query.trainerId);
  await flushListingEvents();
  const to = utcDay(now);
  const from = addDays(to, 1 - query.period);
  const byTraining = new Map<string, TrainingPerformance>();
  const totals = noCounts();
  for (const { type, count, ...row } of await listingEvents.totals({ from, to, trainerIds })) {
    let training = byTraining.get(row.trainingId);
    if (!training) byTraining.set(row.trainingId, (training = { ...row, totals: noCounts(), days: new Map() }));
    training.totals[type] += count;
    totals[type] += count;
  }
  const ranked = [...byTraining.values()].sort(
    (a, b) =>
      countsTotal(b.totals) - countsTotal(a.totals) ||
      a.trainerName.localeCompare(b.trainerName) ||
      a.trainingTitle.localeCompare(b.trainingTitle),
  );
  const pageCount = Math.max(1, Math.ceil(ranked.length / PERFORMANCE_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const shown = ranked.slice((page - 1) * PERFORMANCE_PAGE_SIZE, page * PERFORMANCE_PAGE_SIZE);
  const trainingIds = shown.map((t) => t.trainingId);
  for (const { type, count, day, trainingId } of await listingEvents.counts({ from, to, trainerIds, trainingIds })) {
    const days = byTraining.get(trainingId)!.days;
    const counts = days.get(day) ?? noCounts();
    counts[type] += count;
    days.set(day, counts);
  }
  const previous = { from: addDays(from, -query.period), to: addDays(from, -1), totals: noCounts() };
  for (const { type, count } of await listingEvents.totals({ from: previous.from, to: previous.to, trainerIds }))
    previous.totals[type] += count;
  const names = await trainers.listNames();
  return {
    previous,
    period: query.period,
    from,
    to,
    days: daysFrom(from, to),
    trainerId: query.trainerId,
    totals,
    trainingCount: ranked.length,
    page,
    pageCount,
    trainings: shown,
    trainers: scope === 'all' ? names : names.filter((t) => scope.includes(t.id)),
  };
}
