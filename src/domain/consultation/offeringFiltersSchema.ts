import { z } from 'zod';
import { TrainingFiltersSchema } from '../listing/filters';
import { MAX_LIMIT, MAX_PAGE, PAGE_SIZE } from '../listing/listingView';
import { NEARBY_MESSAGES } from '../nearMe/nearby';
import { CONSULTANT_LEVELS, GOAL_VALUES, OFFERING_KIND_VALUES } from './consultationFacts';
import {
  DEFAULT_OFFERING_SORT,
  OFFERING_SORTS,
  TIMES_OF_DAY,
  WEEKDAY_VALUES,
  dayCodes,
  type OfferingFilters,
  type OfferingSort,
  type OfferingView,
} from './offeringFilters';
import { canonicalZone } from './offeringWhen';

/**
 * The query of `GET /api/consultations` (docs/product.md, Consultation): the page's filters, the
 * paging and the order. Empty means unset; anything else invalid is a 400 with a field message.
 * Format, language, price, Near me and its radius are the trainings' own fields.
 */
const orEmpty = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.union([z.enum(values), z.literal('')], { error: message }).default('');
const listed = (values: readonly string[]) => values.join(', ');
const T = TrainingFiltersSchema.shape;
const SORTS: [OfferingSort, ...OfferingSort[]] = [
  OFFERING_SORTS[0].value,
  ...OFFERING_SORTS.slice(1).map((s) => s.value),
  'distance',
];
const LEVELS = CONSULTANT_LEVELS.map((l) => l.filter) as [string, ...string[]];
const TIMES = TIMES_OF_DAY.map((t) => t.value) as [string, ...string[]];

const pageNumber = (max: number, message: string) =>
  z
    .string()
    .regex(/^\s*\d{1,6}\s*$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(max, { error: message }))
    .optional();

export const OfferingQuerySchema = z
  .object({
    toward: orEmpty(GOAL_VALUES, `Toward must be one of ${listed(GOAL_VALUES)}`),
    kind: orEmpty(OFFERING_KIND_VALUES, `Kind must be one of ${listed(OFFERING_KIND_VALUES)}`),
    format: T.format,
    lang: T.lang,
    day: z
      .string()
      .trim()
      .refine((v) => v === '' || v.split(',').every((d) => dayCodes(d).length === 1), {
        error: `Day must be one or more of ${listed(WEEKDAY_VALUES)}, separated by commas`,
      })
      .transform((v) => dayCodes(v).join(','))
      .default(''),
    time: orEmpty(TIMES, `Time must be one of ${listed(TIMES)}`),
    tz: z
      .string()
      .trim()
      .refine((v) => v === '' || canonicalZone(v) !== null, {
        error: 'Time zone must be an IANA zone such as America/Chicago',
      })
      .transform((v) => (v ? canonicalZone(v)! : ''))
      .default(''),
    priceMax: T.priceMax,
    seats: orEmpty(['1'], 'Seats must be 1'),
    level: orEmpty(LEVELS, `Level must be one of ${listed(LEVELS)}`),
    near: T.near,
    radius: T.radius,
    includeVirtual: T.includeVirtual,
    training: z.union([z.uuid(), z.literal('')], { error: 'Training must be a training’s id' }).default(''),
    page: pageNumber(MAX_PAGE, `Page must be a whole number from 1 to ${MAX_PAGE}`),
    limit: pageNumber(MAX_LIMIT, `Limit must be a whole number from 1 to ${MAX_LIMIT}`),
    sort: z.enum(SORTS, { error: `Sort must be one of ${listed(SORTS)}` }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.sort === 'distance' && !q.near)
      ctx.addIssue({ code: 'custom', path: ['sort'], message: NEARBY_MESSAGES.distanceSort });
  });

/** The parsed query as a view: the whole list on one page unless paged, as the trainings' API. */
export function offeringViewOf(q: z.output<typeof OfferingQuerySchema>): OfferingView {
  const { page, limit, sort, ...filters } = q;
  return {
    filters: filters satisfies OfferingFilters,
    sort: sort ?? DEFAULT_OFFERING_SORT,
    page: page ?? 1,
    limit: limit ?? (page ? PAGE_SIZE : Number.MAX_SAFE_INTEGER),
  };
}
