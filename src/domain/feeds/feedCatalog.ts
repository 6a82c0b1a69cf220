import { FORMATS } from '../formats';
import { US_STATES, stateName } from '../states';

/**
 * The calendar feeds the site publishes, by URL: all upcoming trainings, one per state, one per
 * format. Kept free of zod and of the calendar writer: the home page's Subscribe control imports it
 * in the browser to follow the filters.
 */
export interface FeedFilter {
  state: string;
  format: string;
}

export interface Feed {
  slug: string;
  /** The calendar's name in the subscriber's client (X-WR-CALNAME). */
  name: string;
  filter: FeedFilter;
}

export const FEEDS_DIR = '/feeds';
/** Newly listed trainings, for feed readers. */
export const NEW_LISTINGS_PATH = `${FEEDS_DIR}/new.xml`;

/** A URL segment from a full name: lower case, dashes ("New York" → "new-york", "In-Person" → "in-person"). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const ALL_FEED: Feed = { slug: 'all', name: 'EMDR Trainings (all upcoming)', filter: { state: '', format: '' } };

export function stateFeed(code: string): Feed | undefined {
  const name = stateName(code);
  return name
    ? { slug: slugify(name), name: `EMDR Trainings in ${name}`, filter: { state: code, format: '' } }
    : undefined;
}

export function formatFeed(format: string): Feed | undefined {
  return (FORMATS as readonly string[]).includes(format)
    ? { slug: slugify(format), name: `${format} EMDR Trainings`, filter: { state: '', format } }
    : undefined;
}

/** Every feed: a state or format with no training today still gets its (empty) file, so subscriptions keep working. */
export function allFeeds(): Feed[] {
  return [ALL_FEED, ...US_STATES.map((s) => stateFeed(s.code)!), ...FORMATS.map((f) => formatFeed(f)!)];
}

/** The feed offered for the current filters: the state's when one is chosen, else the format's, else all. */
export function feedForFilters(filters: { state?: string; format?: string }): Feed {
  return (filters.state && stateFeed(filters.state)) || (filters.format && formatFeed(filters.format)) || ALL_FEED;
}

export function feedPath(feed: Feed): string {
  return `${FEEDS_DIR}/${feed.slug}.ics`;
}

/** The https (or, locally, http) address and its webcal:// twin, which opens the calendar app. */
export function feedUrls(feed: Feed, siteUrl: string | URL): { https: string; webcal: string } {
  const https = new URL(feedPath(feed), siteUrl).href;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}
