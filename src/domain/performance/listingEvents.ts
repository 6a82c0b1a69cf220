import { z } from 'zod';
import { isUuid } from '../fields';

/**
 * What is counted of a listing (docs/product.md, Performance):
 * the list and its labels, and `POST /api/events`' body. One list for the beacon, the endpoint, the
 * database's check, the Performance page and the CSV.
 */
export const LISTING_EVENT_TYPES = ['view', 'register', 'calendar', 'widget'] as const;
export type ListingEventType = (typeof LISTING_EVENT_TYPES)[number];

export const LISTING_EVENT_LABELS: Record<ListingEventType, string> = {
  view: 'Page views',
  register: 'Register clicks',
  calendar: 'Calendar downloads',
  widget: 'Widget impressions',
};

/**
 * The bounds on what is counted (docs/product.md, Performance), whatever clients send: one client
 * address (an IPv6 client: its /64) adds at most this many counts a day, over every training and
 * type (a visitor adds one per training and type); beyond it, its events are counted nowhere.
 */
export const COUNTS_PER_CLIENT_PER_DAY = 200;
/**
 * Today's keyed hashes kept at most (one per counted event); beyond it, nothing more is counted
 * that day. About 100 bytes a row with its indexes: some 10 MB at the bound.
 */
export const SEEN_EVENTS_PER_DAY = 100_000;

/**
 * What the Performance page tells partners is and is not counted (docs/product.md, Performance), in
 * the words it shows them. One list for the page and its test.
 */
export const COUNTING_RULES = {
  counted: [
    'A page view, a Register click, a calendar download and a widget impression by a visitor’s browser, on a published training.',
    'Each once a day (UTC) per training for each connection: several people behind one connection (an office network) count once.',
  ],
  notCounted: [
    'Search engines, crawlers, link checkers, headless browsers and scripts (judged by their User-Agent).',
    'Browsers that ask not to be tracked (Global Privacy Control or Do Not Track), and the team’s previews.',
    `More than ${COUNTS_PER_CLIENT_PER_DAY} counts from one connection in a day, and more than ${SEEN_EVENTS_PER_DAY.toLocaleString('en-US')} counts on the whole site in a day.`,
  ],
} as const;

/** A widget page lists a trainer's upcoming trainings: their impressions go in one beacon, this many at most. */
export const WIDGET_BATCH_MAX = 50;

export const LISTING_EVENT_MESSAGES = {
  type: `Must be one of ${LISTING_EVENT_TYPES.join(', ')}`,
  trainingId: 'Must be a training id',
  trainingIds: `Must be a list of 1 to ${WIDGET_BATCH_MAX} training ids`,
  onlyWidget: 'Only widget impressions come as a list; send trainingId',
  one: 'Send trainingId or trainingIds, not both',
} as const;

const trainingId = z.string({ error: LISTING_EVENT_MESSAGES.trainingId }).refine(isUuid, {
  error: LISTING_EVENT_MESSAGES.trainingId,
});

/**
 * `{type, trainingId}`; a widget page may send its trainings' impressions at once as `{type:
 * "widget", trainingIds: [...]}`. The output is always a list of distinct ids.
 */
export const ListingEventSchema = z
  .object({
    type: z.enum(LISTING_EVENT_TYPES, { error: LISTING_EVENT_MESSAGES.type }),
    trainingId: trainingId.optional(),
    trainingIds: z
      .array(trainingId, { error: LISTING_EVENT_MESSAGES.trainingIds })
      .min(1, { error: LISTING_EVENT_MESSAGES.trainingIds })
      .max(WIDGET_BATCH_MAX, { error: LISTING_EVENT_MESSAGES.trainingIds })
      .optional(),
  })
  .superRefine((event, ctx) => {
    if (event.trainingId !== undefined && event.trainingIds !== undefined)
      ctx.addIssue({ code: 'custom', message: LISTING_EVENT_MESSAGES.one, path: ['trainingIds'] });
    else if (event.trainingId === undefined && event.trainingIds === undefined)
      ctx.addIssue({ code: 'custom', message: LISTING_EVENT_MESSAGES.trainingId, path: ['trainingId'] });
    else if (event.trainingIds !== undefined && event.type !== 'widget')
      ctx.addIssue({ code: 'custom', message: LISTING_EVENT_MESSAGES.onlyWidget, path: ['trainingIds'] });
  })
  .transform((event) => ({
    type: event.type,
    trainingIds: [...new Set(event.trainingIds ?? [event.trainingId!])],
  }));

export type ListingEvent = z.output<typeof ListingEventSchema>;

/** The counts of one training on one day (or over a period), by type. */
export type EventCounts = Record<ListingEventType, number>;

export const noCounts = (): EventCounts =>
  Object.fromEntries(LISTING_EVENT_TYPES.map((type) => [type, 0])) as EventCounts;

export const countsTotal = (counts: EventCounts): number =>
  LISTING_EVENT_TYPES.reduce((sum, type) => sum + counts[type], 0);
