import type { APIContext } from 'astro';
import { loadSiteData } from '../prerender/siteData';
import { sitemapXml } from '../prerender/sitemap';

/** Every public page and every published training, `lastmod` from updatedAt. */
export function GET({ site }: APIContext) {
  return new Response(sitemapXml(loadSiteData(), site!), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
}
