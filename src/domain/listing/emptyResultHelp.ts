import { ONLINE_FORMAT } from '../formats';
import { neighbourStates } from '../nearMe/neighbourStates';
import { stateName } from '../states';
import { ALERT_FORM_ID } from './listingView';
import type { TrainingFilters } from './filterQuery';
import { filtersToQuery } from './filterQuery';

/** Where the no-JavaScript list lives (src/pages/trainings.astro): a help link works before any script. */
const LIST_PATH = '/trainings';
/** At most this many nearby states are offered, those with the most trainings first. */
export const NEARBY_STATES_SHOWN = 4;

/** Lines of links, each with what it offers: the island only draws them (the home page's JavaScript budget). */
export type EmptyResultHelp = { label: string; links: { href: string; text: string }[] }[];

const listHref = (filters: TrainingFilters) => {
  const query = filtersToQuery(filters);
  return query ? `${LIST_PATH}?${query}` : LIST_PATH;
};

/**
 * What the empty result offers a clinician above the SPEC's partner pitch (docs/product.md, Empty
 * result): the online trainings open to them, in any state and at any distance, with a link to that
 * filter; the neighbouring states that have trainings, most first; the alert sign-up below the list.
 * Each link keeps the other filters (who may attend, CE, dates), so what it promises is what it lists.
 * Made where the list is queried (listingQuery.ts), so the neighbour table and these words never
 * reach a browser as code: the island renders what the answer's counts carry.
 */
export function emptyResultHelp(
  filters: TrainingFilters,
  counts: { online?: number; state: Record<string, number> },
): EmptyResultHelp {
  const anywhere = { ...filters, state: '', near: '', radius: '' };
  const help: EmptyResultHelp = [];
  const online = counts.online ?? 0;
  if (online > 0 && filters.format !== ONLINE_FORMAT)
    help.push({
      label: 'Online, from any state',
      links: [{ href: listHref({ ...anywhere, format: ONLINE_FORMAT }), text: `Virtual (${online})` }],
    });
  const nearby = neighbourStates(filters.state)
    .map((code) => ({ code, count: counts.state[code] ?? 0 }))
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
    .slice(0, NEARBY_STATES_SHOWN);
  if (nearby.length > 0)
    help.push({
      label: 'Nearby states with trainings',
      links: nearby.map(({ code, count }) => ({
        href: listHref({ ...anywhere, state: code }),
        text: `${stateName(code) ?? code} (${count})`,
      })),
    });
  help.push({
    label: 'Or hear of new ones',
    links: [{ href: `#${ALERT_FORM_ID}-email`, text: 'Email me when one is listed' }],
  });
  return help;
}
