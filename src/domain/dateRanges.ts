/** Date range filter options (SPEC §9): a start date from now to now + N months. */
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

/** The window [now, now + months) a range selects, in calendar months. */
export function dateRangeWindow(range: DateRange, now: Date = new Date()): { from: Date; to: Date } {
  const months = DATE_RANGES.find((r) => r.value === range)!.months;
  const to = new Date(now);
  to.setMonth(to.getMonth() + months);
  return { from: new Date(now), to };
}
