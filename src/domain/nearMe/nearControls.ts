/**
 * The part of Near me's rules the public islands run (docs/product.md, Near me): the "within"
 * choices and the rounding of a browser position. Its own module, in the islands' shared chunk
 * (astro.config.mjs): nearby.ts also holds what the admin and the server need, which the home
 * page's JavaScript budget has no room for.
 */
export interface Position {
  latitude: number;
  longitude: number;
}

/** The "within" dropdown's choices, in miles. */
export const RADIUS_CHOICES = [25, 50, 100, 250] as const;

/**
 * A browser position as it may leave the page: two decimals (about half a mile), never the
 * device's full precision.
 */
export function roundedNear(p: Position): string {
  const round = (n: number) => String(Math.round(n * 100) / 100);
  return `${round(p.latitude)},${round(p.longitude)}`;
}
