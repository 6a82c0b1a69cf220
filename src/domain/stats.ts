/** Live stats banner (docs/product.md). */
export interface Stats {
  last30UniqueCustomers: number;
  totalLifetimeUsers: number;
  totalEnrollments: number;
}

export const FALLBACK_STATS: Stats = {
  last30UniqueCustomers: 341,
  totalLifetimeUsers: 6907,
  totalEnrollments: 428753,
};

export const STATS_REFRESH_MS = 30_000;
export const STATS_FAILURE_MESSAGE = 'Widget data fetch failed, using fallback values';

/** Takes the widget's reply; a missing, zero or non-numeric value keeps its fallback. */
export function mergeStats(reply: unknown, fallback: Stats = FALLBACK_STATS): Stats {
  const stats = reply && typeof reply === 'object' && 'stats' in reply ? reply.stats : undefined;
  const pick = (key: keyof Stats): number => {
    const value = stats && typeof stats === 'object' ? (stats as Record<string, unknown>)[key] : undefined;
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback[key];
  };
  return {
    last30UniqueCustomers: pick('last30UniqueCustomers'),
    totalLifetimeUsers: pick('totalLifetimeUsers'),
    totalEnrollments: pick('totalEnrollments'),
  };
}
