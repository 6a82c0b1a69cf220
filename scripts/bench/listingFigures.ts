import fs from 'node:fs';
import path from 'node:path';
import { sitePaths } from '../../src/publish';
import { FIRST_PAGE_QUERY, gzipBytes, listingPages, overBudget, type PageFigures } from '../../tests/support/budgets';
import { lighthouse } from './lighthouse';
import { pageWeight, type PageWeight } from '../../tests/support/pageWeight';
import { withSite, type BenchSite } from './siteServer';

export interface ListingFigures {
  n: number;
  home: PageFigures;
  /** The state page with the most HTML, and how many state pages there are. */
  largestState: PageFigures | null;
  statePages: number;
  apiPageGzip: number;
  /** The whole list as the API answers it without paging (every published training). */
  allTrainingsJsonBytes: number;
  training?: PageWeight;
  lighthouse: ReturnType<typeof lighthouse>[];
  /** The byte budgets this size breaks (budgets.ts), as sentences; empty when all hold. */
  overBudget: string[];
}

/**
 * Page weight and Lighthouse of the listing at N trainings: `/` and every state page (HTML and
 * JavaScript gzip), the list API's first page, Lighthouse mobile on `/` (median of three runs).
 * `more` adds the site's other measurements (serving, desktop Lighthouse) while it runs.
 */
export async function benchListing(
  n: number,
  more?: (site: BenchSite, client: string) => Promise<void>,
): Promise<ListingFigures> {
  // The beacon load (beaconLoad.ts) names its clients in X-Forwarded-For, as a CDN or proxy would.
  return withSite(n, { TRUST_PROXY: 'loopback' }, async (site) => {
    const client = path.join(fs.realpathSync(sitePaths(site.dataDir).current), 'client');
    const pages = listingPages(client);
    const home = pages.find((p) => p.path === '/')!;
    const states = pages.filter((p) => p.path !== '/');
    const largestState = states.reduce<PageFigures | null>(
      (max, p) => (!max || p.htmlGzip > max.htmlGzip ? p : max),
      null,
    );
    const api = await (await fetch(`${site.server.url}/api/trainings?${FIRST_PAGE_QUERY}`)).text();
    const all = await (await fetch(`${site.server.url}/api/trainings`)).text();
    const apiPageGzip = gzipBytes(api);
    const figures: ListingFigures = {
      n,
      home,
      largestState,
      statePages: states.length,
      apiPageGzip,
      allTrainingsJsonBytes: Buffer.byteLength(all),
      training: pageWeight(client, `/training/${site.ids[0]}`),
      lighthouse: [lighthouse(`${site.server.url}/`, 'mobile')],
      overBudget: overBudget(pages, apiPageGzip),
    };
    await more?.(site, client);
    return figures;
  });
}
