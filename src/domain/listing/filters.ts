import { z } from 'zod';
import { FORMATS } from '../formats';
import { STATE_CODES } from '../states';
import { DATE_RANGES } from './dateRanges';
import { CAN_TAKE_NOW, PRICE_MAX_DIGITS, SEARCH_MAX_LENGTH, ceCodes } from './filterQuery';
import { CE_BODY_CODES, PROGRAM_TYPES, languageName } from '../trainingFacts/programFacts';
import { DISTANCE_SORT, MAX_LIMIT, MAX_PAGE, SORTS, type SortKey } from './listingView';
import { NEARBY_MESSAGES, parseNear, parseRadius } from '../nearMe/nearby';
import { WHO_VALUES } from '../trainingFacts/eligibility';

export * from './filterQuery';

const orEmpty = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.union([z.enum(values), z.literal('')], { error: message }).default('');

/** The query of `GET /api/trainings`: empty means unset, anything else invalid is a 400. */
export const TrainingFiltersSchema = z.object({
  state: orEmpty(STATE_CODES as [string, ...string[]], 'Unknown state code'),
  format: orEmpty(FORMATS, 'Format must be In-Person, Virtual or Hybrid'),
  dateRange: orEmpty(
    DATE_RANGES.map((r) => r.value) as [string, ...string[]],
    'Date range must be next-month, next-3-months or next-6-months',
  ),
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: `Search must be at most ${SEARCH_MAX_LENGTH} characters` })
    .default(''),
  ce: z
    .string()
    .trim()
    .refine((value) => value === '' || value.split(',').every((code) => ceCodes(code).length === 1), {
      error: `CE approval must be one or more of ${CE_BODY_CODES.join(', ')}, separated by commas`,
    })
    .transform((value) => ceCodes(value).join(','))
    .default(''),
  type: orEmpty(
    PROGRAM_TYPES.map((t) => t.value) as [string, ...string[]],
    `Type must be one of ${PROGRAM_TYPES.map((t) => t.value).join(', ')}`,
  ),
  lang: z
    .string()
    .trim()
    .toLowerCase()
    .refine((tag) => tag === '' || languageName(tag) !== null, {
      error: 'Language must be a language code such as en or es',
    })
    .default(''),
  priceMax: z
    .string()
    .trim()
    .regex(new RegExp(`^(\\d{1,${PRICE_MAX_DIGITS}})?$`), { error: 'Price maximum must be a whole number of dollars' })
    .transform((value) => (value === '' ? '' : String(Number(value))))
    .default(''),
  disclosed: orEmpty(['1'], 'Disclosed must be 1'),
  available: orEmpty(['1'], 'Available must be 1'),
  license: orEmpty(WHO_VALUES, `License must be one of ${WHO_VALUES.join(', ')}`),
  prereq: orEmpty([CAN_TAKE_NOW], `Prereq must be ${CAN_TAKE_NOW}`),
  // Near me (docs/product.md): the shape here; whether a ZIP code exists is the server's table's call.
  near: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || parseNear(value) !== null, { error: NEARBY_MESSAGES.near })
    .default(''),
  radius: z
    .string()
    .trim()
    .refine((value) => value === '' || parseRadius(value) !== null, { error: NEARBY_MESSAGES.radius })
    .transform((value) => (value === '' ? '' : String(parseRadius(value))))
    .default(''),
  includeVirtual: orEmpty(['1'], NEARBY_MESSAGES.includeVirtual),
});

/** The fields the public search looks in: title, description, location, venue, trainer name. */
export function searchableText(t: {
  title: string;
  description: string;
  location: string;
  venue: string | null;
  trainer: { name: string } | null;
}): string {
  return [t.title, t.description, t.location, t.venue ?? '', t.trainer?.name ?? ''].join('\n').toLowerCase();
}

const wholeIn = (max: number, message: string) =>
  z
    .string()
    .regex(/^\s*\d{1,6}\s*$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(max, { error: message }));

/**
 * Paging and order of `GET /api/trainings`. Without `page` and `limit` the answer is the whole
 * list, as the public contract has it; with either it is one page, with the total and the
 * neighbours in headers.
 * A page past the last is answered with the last page (its number in `X-Page`), not an error: a
 * list that shrank under a visitor's feet still shows something.
 */
const ALL_SORTS: [SortKey, ...SortKey[]] = [SORTS[0].value, ...SORTS.slice(1).map((s) => s.value), DISTANCE_SORT.value];

export const ListingParamsSchema = z.object({
  page: wholeIn(MAX_PAGE, `Page must be a whole number from 1 to ${MAX_PAGE}`).optional(),
  limit: wholeIn(MAX_LIMIT, `Limit must be a whole number from 1 to ${MAX_LIMIT}`).optional(),
  sort: z.enum(ALL_SORTS, { error: `Sort must be one of ${ALL_SORTS.join(', ')}` }).optional(),
  fields: z.literal('card', { error: 'Fields must be card' }).optional(),
  counts: z.literal('1', { error: 'Counts must be 1' }).optional(),
});
export type ListingParams = z.output<typeof ListingParamsSchema>;
export const LISTING_PARAM_KEYS = ['page', 'limit', 'sort', 'fields', 'counts'] as const;

/** The paging parameters of a query; empty values mean unset, as for the filters. */
export function listingParamsFromQuery(params: URLSearchParams): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of LISTING_PARAM_KEYS) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  return raw;
}
