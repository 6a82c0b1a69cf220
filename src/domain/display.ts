import { DEFAULT_ZONE, formatDay } from './time/dayFormat';

/** Display rules shared by the public pages and the admin (docs/product.md). */

/** The zone of dates that belong to no training (the terms page's date, the admin list's default). */
export const DISPLAY_TIME_ZONE = DEFAULT_ZONE;
const numberFormat = new Intl.NumberFormat('en-US');

/**
 * 'Jan 5, 2025' on the day the instant falls on in `timeZone`: a training's dates are read in its own
 * zone, so the HTML built on the server and the browser's islands show the same day everywhere.
 */
export function formatDate(value: Date | string, timeZone: string = DISPLAY_TIME_ZONE): string {
  return formatDay(value, timeZone);
}

/** 'Jan 5, 2025 - Jan 7, 2025', or one date when both fall on the same day in `timeZone`. */
export function formatDateRange(start: Date | string, end: Date | string, timeZone: string): string {
  const a = formatDate(start, timeZone);
  const b = formatDate(end, timeZone);
  return a === b ? a : `${a} - ${b}`;
}

/** First letters of up to two words of the name, uppercase. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** '$1,500'. Prices are whole US dollars. */
export function formatPrice(price: number): string {
  return `$${numberFormat.format(price)}`;
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export const UNKNOWN_TRAINER = 'Unknown Trainer';
