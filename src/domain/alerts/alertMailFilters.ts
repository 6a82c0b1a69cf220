import { parseAlertQuery } from './alerts';
import { DATE_RANGES } from '../listing/dateRanges';
import { formatPrice } from '../display';
import { DEFAULT_RADIUS, POSTAL_CODE } from '../nearMe/nearby';
import { ceBodyOf, languageName, programTypeLabel } from '../trainingFacts/programFacts';
import { stateName } from '../states';

/**
 * An alert's filters as a confirmation mail names them (docs/security.md): anyone may ask the site
 * to mail any address, so the mail carries nothing the requester wrote. Each filter is named with the
 * site's own labels (a state's name, a format, a date range's label, an approving body, a program
 * type, a language's name), numbers only after the server has read them as numbers (a price, a ZIP
 * code, miles), a followed trainer by the name the site lists them under (`trainerName`, null when
 * the slug names no listed trainer), and search words only as the fact that there are some.
 */
export const SEARCH_WORDS_LABEL = 'Matching your search words (not repeated here)';
export const UNLISTED_TRAINER_LABEL = 'One trainer you follow';

export function mailFilterText(query: string, trainerName: string | null): string {
  const parsed = parseAlertQuery(query);
  if (!parsed.ok) return 'All trainings';
  const { filters, trainer } = parsed.value;
  const parts: string[] = [];
  if (trainer) parts.push(trainerName ? `Trainer: ${trainerName}` : UNLISTED_TRAINER_LABEL);
  const state = stateName(filters.state);
  if (state) parts.push(`State: ${state}`);
  if (filters.format) parts.push(`Format: ${filters.format}`);
  const range = DATE_RANGES.find((r) => r.value === filters.dateRange);
  if (range) parts.push(`Dates: ${range.label}`);
  const bodies = filters.ce
    .split(',')
    .map((code) => ceBodyOf(code)?.short)
    .filter(Boolean);
  if (bodies.length) parts.push(`CE approval: ${bodies.join(', ')}`);
  const type = programTypeLabel(filters.type);
  if (type) parts.push(`Type: ${type}`);
  const language = filters.lang ? languageName(filters.lang) : null;
  if (language) parts.push(`Language: ${language}`);
  if (/^\d+$/.test(filters.priceMax)) parts.push(`Total cost up to ${formatPrice(Number(filters.priceMax))}`);
  if (filters.disclosed) parts.push('Full cost disclosed');
  if (filters.available) parts.push('Seats available');
  if (filters.near) parts.push(nearText(filters.near, filters.radius));
  if (filters.includeVirtual) parts.push('Including virtual');
  if (filters.search) parts.push(SEARCH_WORDS_LABEL);
  return parts.length ? parts.join(' · ') : 'All trainings';
}

function nearText(near: string, radius: string): string {
  const place = POSTAL_CODE.test(near) ? `ZIP code ${near}` : 'a place on the map';
  return `Within ${/^\d+$/.test(radius) ? Number(radius) : DEFAULT_RADIUS} miles of ${place}`;
}
