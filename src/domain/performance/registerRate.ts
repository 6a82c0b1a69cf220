import type { EventCounts } from './listingEvents';

/**
 * The Register rate (docs/product.md, Performance): Register clicks per page view, as a percentage
 * with one decimal. No views: no rate ("—"), never a division by zero nor "0 %" that no one earned.
 */
export function registerRate(counts: Pick<EventCounts, 'view' | 'register'>): number | null {
  return counts.view === 0 ? null : counts.register / counts.view;
}

export function registerRateText(counts: Pick<EventCounts, 'view' | 'register'>): string {
  const rate = registerRate(counts);
  return rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)} %`;
}

/** The column of the period of the same length just before (services/performance/performance.ts reads it). */
export const PREVIOUS_PERIOD_LABEL = 'Previous period';
