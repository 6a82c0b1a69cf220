import { z } from 'zod';
import type { EventCounts } from './listingEvents';
import { SITE_ROLES, type Role } from '../team/roles';

/**
 * How listings perform, as read back (docs/product.md, Performance): the days (UTC calendar days,
 * the days the counts are kept by), the query of `GET /api/admin/analytics`, and the shapes answered.
 */
const DAY_MS = 86_400_000;

/**
 * Who reads the figures: the owner and admins, for every trainer (docs/product.md, Performance); partner accounts, their
 * own trainers' only (services/trainerScope.ts holds what each member may see).
 */
export const PERFORMANCE_READERS = [...SITE_ROLES, 'partner'] as const satisfies readonly Role[];
export const canReadPerformance = (role: Role): boolean => (PERFORMANCE_READERS as readonly Role[]).includes(role);

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export const utcDay = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

const dayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`);

export const addDays = (day: string, days: number): string => utcDay(dayStart(day) + days * DAY_MS);

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = dayStart(from); at <= dayStart(to); at += DAY_MS) days.push(utcDay(at));
  return days;
}

/** "Mar 3, 2027": a day as the page and the chart write it. */
export const formatDay = (day: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    dayStart(day),
  );

export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = dayStart(value);
  return Number.isFinite(at) && utcDay(at) === value;
}

/** The Performance page offers the last 30 or 90 days; the API takes any period up to a year. */
export const PERFORMANCE_PERIODS = [30, 90] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];
export const DEFAULT_PERIOD: PerformancePeriod = 30;
export const MAX_QUERY_DAYS = 366;

export const PERFORMANCE_MESSAGES = {
  day: 'Must be a date written YYYY-MM-DD',
  order: 'Must be on or before the end of the period (to)',
  span: `The period may be at most ${MAX_QUERY_DAYS} days`,
} as const;

const day = z.string().refine(isCalendarDay, { error: PERFORMANCE_MESSAGES.day });

/**
 * `?trainerId=&from=&to=`: without `to` the period ends today, without `from` it is the last 30
 * days. A `trainerId` that names no trainer the viewer may see is answered 404 by the use case.
 */
export function analyticsQuerySchema(today: string) {
  return z
    .object({ trainerId: z.string().max(100).optional(), from: day.optional(), to: day.optional() })
    .transform((query) => {
      const to = query.to ?? today;
      return { trainerId: query.trainerId || null, from: query.from ?? addDays(to, 1 - DEFAULT_PERIOD), to };
    })
    .superRefine((query, ctx) => {
      if (query.from > query.to) ctx.addIssue({ code: 'custom', message: PERFORMANCE_MESSAGES.order, path: ['from'] });
      else if (daysFrom(query.from, query.to).length > MAX_QUERY_DAYS)
        ctx.addIssue({ code: 'custom', message: PERFORMANCE_MESSAGES.span, path: ['from'] });
    });
}

export type AnalyticsQuery = z.output<ReturnType<typeof analyticsQuerySchema>>;

/** The page's own query, read leniently (a link someone edited shows the default rather than an error). */
export interface PerformancePageQuery {
  period: PerformancePeriod;
  trainerId: string | null;
  page: number;
}

export function readPerformancePageQuery(params: URLSearchParams): PerformancePageQuery {
  const period = PERFORMANCE_PERIODS.find((p) => String(p) === params.get('days')) ?? DEFAULT_PERIOD;
  const page = Number(params.get('page'));
  return {
    period,
    trainerId: params.get('trainerId') || null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** One training on one day: a row of the API and of the CSV. Days without a count have no row. */
export interface PerformanceRow {
  day: string;
  trainingId: string;
  trainingTitle: string;
  trainerId: string;
  trainerName: string;
  counts: EventCounts;
}

/** One training over the period: its totals and its days with counts, for the page's chart and table. */
export interface TrainingPerformance {
  trainingId: string;
  trainingTitle: string;
  trainerName: string;
  totals: EventCounts;
  days: Map<string, EventCounts>;
}
