/** Date range filter options: a start from now to now + N months. */
export const DATE_RANGES = [
  { value: 'next-month', label: 'Next Month', months: 1 },
  { value: 'next-3-months', label: 'Next 3 Months', months: 3 },
  { value: 'next-6-months', label: 'Next 6 Months', months: 6 },
] as const;
export const ANY_TIME_LABEL = 'Any Time';

export type DateRange = (typeof DATE_RANGES)[number]['value'];

export function isDateRange(value: string): value is DateRange {
  return DATE_RANGES.some((r) => r.value === value);
}

/**
 * The window [now, now + months) a range selects, as instants. Months are added in UTC so the
 * build, the server and the browser agree whatever their own time zone; a day that does not exist
 * in the target month (31 January + 1 month) becomes that month's last day instead of overflowing.
 */
export function dateRangeWindow(range: DateRange, now: Date = new Date()): { from: Date; to: Date } {
  const months = DATE_RANGES.find((r) => r.value === range)!.months;
  return { from: new Date(now), to: addUtcMonths(now, months) };
}

function addUtcMonths(date: Date, months: number): Date {
  const to = new Date(date);
  const day = to.getUTCDate();
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(day, lastDay));
  return to;
}

/** Whether a training starting at `start` (epoch ms) falls in the window. */
export function startsIn(start: number, window: { from: Date; to: Date }): boolean {
  return start >= window.from.getTime() && start < window.to.getTime();
}
