import { LISTING_EVENT_LABELS, LISTING_EVENT_TYPES, noCounts, type EventCounts } from './listingEvents';
import type { ListingEventType } from './listingEvents';

/**
 * The Performance page's chart of one training (docs/product.md, Performance): one strip per type,
 * named in words with its total, a bar per day scaled to that strip's own highest day. Nothing is
 * told by colour: each strip says what it counts, and each bar's height is its figure (the table
 * beside it gives the same figures). Geometry only; src/admin/performance/PerformanceChart.astro draws it.
 */
export const CHART = { labelWidth: 190, plotWidth: 540, stripHeight: 40, barArea: 28 } as const;

export interface ChartBar {
  day: string;
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartStrip {
  type: ListingEventType;
  /** "Page views: 12" */
  label: string;
  /** The strip's baseline. */
  baseline: number;
  bars: ChartBar[];
}

export interface Chart {
  width: number;
  height: number;
  strips: ChartStrip[];
}

export function performanceChart(days: readonly string[], daily: ReadonlyMap<string, EventCounts>): Chart {
  const step = CHART.plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(1, Math.round(step * 0.7 * 10) / 10);
  const strips = LISTING_EVENT_TYPES.map((type, row): ChartStrip => {
    const values = days.map((day) => (daily.get(day) ?? noCounts())[type]);
    const max = Math.max(0, ...values);
    const baseline = (row + 1) * CHART.stripHeight - 4;
    const total = values.reduce((sum, value) => sum + value, 0);
    return {
      type,
      label: `${LISTING_EVENT_LABELS[type]}: ${total}`,
      baseline,
      bars: values.map((value, i) => {
        // A day with a count is at least 2 units high, so a 1 beside a 300 still shows.
        const height = value === 0 ? 0 : Math.max(2, Math.round((value / max) * CHART.barArea * 10) / 10);
        const x = CHART.labelWidth + Math.round(i * step * 10) / 10;
        return { day: days[i]!, value, x, y: baseline - height, width: barWidth, height };
      }),
    };
  });
  return {
    width: CHART.labelWidth + CHART.plotWidth,
    height: LISTING_EVENT_TYPES.length * CHART.stripHeight,
    strips,
  };
}
