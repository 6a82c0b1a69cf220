import { z } from 'zod';

/**
 * Field builders shared by the entity schemas. Limits keep one hostile request from storing
 * megabytes; messages are what the admin forms show under the field.
 */
export const LIMITS = { short: 200, url: 2000, long: 20_000 } as const;

export function requiredText(message: string, max: number = LIMITS.short) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

/** Optional text: '' or absent is stored as null (docs/product.md). */
export function optionalText(max: number = LIMITS.short) {
  return z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const URL_MESSAGE = 'Must be a web address starting with http:// or https://';

/** Only http(s) URLs: a `javascript:` link must never reach a page. */
export function requiredUrl(message: string) {
  return requiredText(message, LIMITS.url).refine(isHttpUrl, { error: URL_MESSAGE });
}

export function optionalUrl() {
  return optionalText(LIMITS.url).refine((value) => value === null || isHttpUrl(value), { error: URL_MESSAGE });
}

export const uuidSchema = z.uuid();

export function isUuid(value: string | undefined): value is string {
  return uuidSchema.safeParse(value).success;
}
