import { isbot } from 'isbot';

/**
 * Whether a beacon's sender counts as a visitor (docs/product.md, Performance): known bots,
 * crawlers, link checkers, headless browsers and HTTP libraries are counted nowhere. Judged by
 * `isbot`'s kept list of their User-Agents, not one of our own; a request with no User-Agent at
 * all (every browser sends one) is not counted either. A client may lie about its agent: what a
 * liar can add is bounded by its address, not by this (COUNTS_PER_CLIENT_PER_DAY).
 */
export function countsAsVisitor(userAgent: string): boolean {
  return userAgent.trim() !== '' && !isbot(userAgent);
}
