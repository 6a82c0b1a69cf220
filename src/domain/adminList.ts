import { z } from 'zod';
import { FORMATS } from './formats';
import { LISTING_STATUS_LABELS } from './review/listingStatus';

/**
 * The admin tables' query: search, filters, sort and page, the same in the page URL and in the admin
 * list API. Without any of them the API answers the whole list, as the original client expects.
 */
export const ADMIN_PAGE_SIZE = 50;
export const ADMIN_SEARCH_MAX = 200;

/** The list's status filter, in the one status's words (domain/review/listingStatus.ts); Ended besides. */
export const TRAINING_STATUSES = [
  { value: 'published', label: LISTING_STATUS_LABELS.live },
  { value: 'waiting', label: LISTING_STATUS_LABELS.pending },
  { value: 'draft', label: LISTING_STATUS_LABELS.draft },
  { value: 'ended', label: 'Ended' },
] as const;

export const TRAINING_SORT_KEYS = ['startDate', 'title', 'price'] as const;
export const TRAINER_SORT_KEYS = ['name'] as const;

/** A sort is a key, descending when prefixed with '-' (`-price`). */
function sortSchema<K extends string>(keys: readonly K[]) {
  const values = keys.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
  return z.enum(values, { error: `Sort by one of ${values.join(', ')}` });
}

// A GET form sends empty fields as '': they mean "not set".
const unset = (value: unknown) => (value === '' || value === null ? undefined : value);
const search = z.preprocess(
  unset,
  z
    .string()
    .trim()
    .max(ADMIN_SEARCH_MAX, { error: `Search at most ${ADMIN_SEARCH_MAX} characters` })
    .optional(),
);
const page = z.preprocess(
  unset,
  z.coerce.number({ error: 'Page must be a whole number from 1' }).int().min(1).max(1_000_000).optional(),
);

export const TrainingListQuerySchema = z.object({
  search,
  status: z.preprocess(unset, z.enum(['published', 'waiting', 'draft', 'ended']).optional()),
  format: z.preprocess(unset, z.enum(FORMATS).optional()),
  sort: z.preprocess(unset, sortSchema(TRAINING_SORT_KEYS).optional()),
  page,
});
export const TrainerListQuerySchema = z.object({
  search,
  sort: z.preprocess(unset, sortSchema(TRAINER_SORT_KEYS).optional()),
  page,
});
export type TrainingListQuery = z.output<typeof TrainingListQuerySchema>;
export type TrainerListQuery = z.output<typeof TrainerListQuerySchema>;

/** Soonest first (the ended ones after those to come); trainers by name. */
export const DEFAULT_TRAINING_SORT = 'startDate';
export const DEFAULT_TRAINER_SORT = 'name';

export interface SortOrder<K extends string = string> {
  key: K;
  descending: boolean;
}
export function parseSort<K extends string>(sort: string): SortOrder<K> {
  return sort.startsWith('-') ? { key: sort.slice(1) as K, descending: true } : { key: sort as K, descending: false };
}

/** Reads what the URL holds; anything invalid is dropped rather than refused, since people edit URLs. */
export function readListQuery<S extends z.ZodObject>(schema: S, params: URLSearchParams): z.output<S> {
  const raw = Object.fromEntries(params);
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(raw[key]);
    if (parsed.success && parsed.data !== undefined) result[key] = parsed.data;
  }
  return result as z.output<S>;
}

/** The query as URL parameters, leaving out what is unset; `page` only past the first page unless asked. */
export function listQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export interface ListPage<T> {
  rows: T[];
  total: number;
  page: number;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
}

/** Response headers carrying the paging, so the body stays the array clients already read. */
export const PAGE_HEADERS = { total: 'x-total-count', page: 'x-page', pageSize: 'x-page-size' } as const;

/** `%`, `_` and `\` typed in the search box are literal characters, not LIKE wildcards. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
