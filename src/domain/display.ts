/** Display rules shared by the public pages and the admin (SPEC §2 Training card). */

// One reference time zone, so the HTML rendered at build time and the browser's islands show the same day.
export const DISPLAY_TIME_ZONE = 'America/New_York';
const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
});
const numberFormat = new Intl.NumberFormat('en-US');

/** 'Jan 5, 2025'. */
export function formatDate(value: Date | string): string {
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value);
}

/** 'Jan 5, 2025 - Jan 7, 2025', or one date when both fall on the same day. */
export function formatDateRange(start: Date | string, end: Date | string): string {
  const a = formatDate(start);
  const b = formatDate(end);
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
