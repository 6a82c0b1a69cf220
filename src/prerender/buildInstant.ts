import type { SiteData } from '../domain/siteData';
import { formatDate } from '../domain/display';
import { loadSiteData } from './siteData';

/**
 * The moments a published page states, taken from the snapshot's instant rather than the clock:
 * a page rendered later for the same snapshot (the publisher re-rendering a few pages in its own
 * process) comes out byte for byte as the full build made it.
 */
export function siteYear(data: SiteData = loadSiteData()): number {
  return new Date(data.generatedAt).getUTCFullYear();
}

/** The Terms page's 'Last Updated': the day the site was published (docs/product.md). */
export function lastUpdatedDate(data: SiteData = loadSiteData()): string {
  return formatDate(data.generatedAt);
}
