import type { APIContext } from 'astro';
import { newListingsRss } from '../../domain/feeds/newListings';
import { loadSiteData, upcomingTrainings } from '../../prerender/siteData';

/** Newly listed trainings as RSS, for people who follow the site in a feed reader. */
export function GET({ site }: APIContext) {
  return new Response(newListingsRss(upcomingTrainings(loadSiteData()), site!), {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8' },
  });
}
