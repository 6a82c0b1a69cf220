/**
 * A trainer's address on the site, /trainers/{slug} (docs/product.md, Trainer pages). The database
 * makes a trainer's slug from their name when none is given (db/migrations/00022_trainer_slugs.sql:
 * one rule for the admin API, the demo data and any script); an admin may choose another. Kept free
 * of zod: the admin form and the server's redirects import it.
 */
export const SLUG_MAX_LENGTH = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Addresses a trainer cannot have: /trainers/page/{n} are the further pages of /trainers, and a page
 * at /trainers/page would share their folder in the published site.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['page']);

export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value) && !RESERVED_SLUGS.has(value);
}

/** The message for a `trainer` query parameter that is not a slug (the listing's and an alert's). */
export const TRAINER_PARAM_MESSAGE = 'Trainer must be a trainer page address, e.g. ana-lopez';

export const trainerPagePath = (slug: string) => `/trainers/${slug}`;
export const trainerEmbedPath = (slug: string) => `/embed/trainers/${slug}`;

/** The published map of old slugs to current ones (src/server/trainerRedirects.ts answers them with 301). */
export const TRAINER_REDIRECTS_PATH = '/trainers/moved.json';

/**
 * Where a URL of a trainer's old slug now lives: their page, embed page and feeds follow the trainer
 * (a subscribed calendar keeps working). Null when the path is not a trainer's or the slug did not move.
 */
export function movedTrainerPath(urlPath: string, moved: ReadonlyMap<string, string>): string | null {
  const match = /^\/(trainers|embed\/trainers)\/([a-z0-9-]+)$|^\/feeds\/trainer-([a-z0-9-]+)\.(ics|xml)$/.exec(urlPath);
  if (!match) return null;
  const from = match[2] ?? match[3]!;
  const to = moved.get(from);
  if (!to) return null;
  return match[1] ? `/${match[1]}/${to}` : `/feeds/trainer-${to}.${match[4]}`;
}
