import { z } from 'zod';
import { AdminEmailSchema } from '../team/credentials';
import { FILTER_KEYS, TrainingFiltersSchema, filtersFromQuery, type TrainingFilters } from '../listing/filters';
import { isSlug, TRAINER_PARAM_MESSAGE } from '../trainers/trainerSlug';
import { WHO_OPTIONS } from '../trainingFacts/eligibility';

/**
 * Email alerts (docs/product.md, Alerts): an address, a saved listing query and how often. The query
 * is read by the listing's own functions (filtersFromQuery, TrainingFiltersSchema, the `trainer`
 * slug), so an alert matches exactly what the listing with that query shows.
 */
export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequencyValue = (typeof ALERT_FREQUENCIES)[number];

/** Links in mails expire after this; unconfirmed alerts are deleted after it too. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A confirmed alert is deleted this long after its last confirmation. */
export const ALERT_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** At most this many unconfirmed alerts per email address per day; beyond it, nothing is sent. */
export const MAX_UNCONFIRMED_PER_DAY = 5;
/** Requests to subscribe per client address per hour; beyond it, 429. */
export const MAX_REQUESTS_PER_ADDRESS_PER_HOUR = 20;
/** At most this many trainings in one digest; the rest are "and N more" with a link to the listing. */
export const DIGEST_MAX_TRAININGS = 20;
export const QUERY_MAX_LENGTH = 2000;

export const ALERT_MESSAGES = {
  frequency: 'Frequency must be daily or weekly',
  queryTooLong: `The query must be at most ${QUERY_MAX_LENGTH} characters`,
} as const;

/** Why an alert link cannot do what it names. */
export type LinkProblem = 'invalid' | 'expired' | 'used';

export interface AlertQuery {
  filters: TrainingFilters;
  /** `trainer={slug}`: one trainer's trainings ("Follow {trainer}"). */
  trainer: string | null;
  /** The same query written the one way it is stored: known filters only, no paging or sort. */
  canonical: string;
}

/** The query as the listing reads it, or the messages of what is wrong with it. */
export function parseAlertQuery(query: string): { ok: true; value: AlertQuery } | { ok: false; messages: string[] } {
  if (query.length > QUERY_MAX_LENGTH) return { ok: false, messages: [ALERT_MESSAGES.queryTooLong] };
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const parsed = TrainingFiltersSchema.safeParse(filtersFromQuery(params));
  if (!parsed.success) return { ok: false, messages: parsed.error.issues.map((issue) => issue.message) };
  const trainer = params.get('trainer')?.trim().toLowerCase() || null;
  if (trainer !== null && !isSlug(trainer)) return { ok: false, messages: [TRAINER_PARAM_MESSAGE] };
  const canonical = new URLSearchParams();
  for (const key of [...FILTER_KEYS, 'includeVirtual'] as const) {
    const value = parsed.data[key];
    if (value) canonical.set(key, value);
  }
  if (trainer) canonical.set('trainer', trainer);
  return { ok: true, value: { filters: parsed.data, trainer, canonical: canonical.toString() } };
}

/** `POST /api/alerts`. */
export const AlertRequestSchema = z
  .strictObject({
    email: AdminEmailSchema,
    query: z
      .string({ error: 'The query must be text' })
      .max(QUERY_MAX_LENGTH, { error: ALERT_MESSAGES.queryTooLong })
      .superRefine((query, ctx) => {
        const parsed = parseAlertQuery(query);
        if (!parsed.ok) for (const message of parsed.messages) ctx.addIssue({ code: 'custom', message });
      }),
    frequency: z.enum(ALERT_FREQUENCIES, { error: ALERT_MESSAGES.frequency }),
  })
  .transform((value) => {
    const parsed = parseAlertQuery(value.query);
    // Checked above: a query that got here is one the listing reads.
    const query = parsed.ok ? parsed.value.canonical : '';
    return { email: value.email, frequency: value.frequency, query };
  });
export type AlertRequest = z.output<typeof AlertRequestSchema>;

/** A short description of an alert's query for people ("State: CA · Format: Virtual"). */
export function describeQuery(query: string): string {
  const params = new URLSearchParams(query);
  const names: Record<string, string> = {
    search: 'Search',
    state: 'State',
    format: 'Format',
    dateRange: 'Dates',
    ce: 'CE approval',
    type: 'Type',
    lang: 'Language',
    priceMax: 'Price up to',
    disclosed: 'Full cost disclosed',
    available: 'Seats available',
    license: 'I am a',
    prereq: 'I can take it now',
    near: 'Near',
    radius: 'Within miles',
    includeVirtual: 'Including virtual',
    trainer: 'Trainer',
  };
  const parts = [...params].map(([key, value]) => {
    if ((value === '1' && ['disclosed', 'available', 'includeVirtual'].includes(key)) || key === 'prereq')
      return names[key] ?? key;
    if (key === 'license') return `${names[key]}: ${WHO_OPTIONS.find(([who]) => who === value)?.[1] ?? value}`;
    return `${names[key] ?? key}: ${key === 'priceMax' ? `$${value}` : value}`;
  });
  return parts.length ? parts.join(' · ') : 'All trainings';
}
