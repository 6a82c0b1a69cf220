import type { SiteData } from '../domain/siteData';
import { US_STATES } from '../domain/states';
import { statePath } from '../domain/listing/statePages';
import { shadeStep, stateCountText } from '../domain/listing/stateMap';
import { builtListing, listedStates, loadSiteData } from './siteData';

/** One state of /map: its listed trainings, where it links and how dark it is. */
export interface MapState {
  code: string;
  name: string;
  count: number;
  /** Its state page, or null when it has none (no listed training): never a link to a 404. */
  href: string | null;
  /** "California: 12 trainings": the shape's `<title>` and the line of the text list. */
  label: string;
  shade: number;
}

const memo = new WeakMap<SiteData, MapState[]>();

/**
 * The 50 states, A–Z by name as US_STATES lists them, with the counts the home page's Browse
 * section and every state page show (the unfiltered listing's count per state) and a link exactly
 * when the state page exists (listedStates). These are all of /map's data: its input digest.
 */
export function mapStates(data = loadSiteData()): MapState[] {
  let found = memo.get(data);
  if (!found) {
    const counts = builtListing({}, data).counts.state;
    const withPage = new Set(listedStates(data).map((s) => s.code));
    found = US_STATES.map(({ code, name }) => {
      const count = counts[code] ?? 0;
      const href = withPage.has(code) ? statePath(code)! : null;
      return { code, name, count, href, label: stateCountText(name, count), shade: shadeStep(count) };
    });
    memo.set(data, found);
  }
  return found;
}
