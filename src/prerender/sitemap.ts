import type { SiteData } from '../domain/siteData';
import { statePath } from '../domain/statePages';
import { MAP_PATH } from '../domain/stateMap';
import { listedStates, upcomingTrainings } from './siteData';
import { trainingPath } from '../domain/trainingPath';
import { listedTrainers, trainersIndexPages } from './trainerPages';
import { trainersIndexPath } from '../domain/trainerPages';
import { trainerPagePath } from '../domain/trainerSlug';

export const STATIC_PATHS = ['/', MAP_PATH, '/partner', '/terms', '/privacy', '/refund-policy'];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The public pages, a page per listed state and a page per listed training: what the public sees.
 * Trainer pages: /trainers with its further pages, and the page of each trainer with a listed
 * training (the others are noindex).
 */
export function sitemapXml(data: SiteData, site: URL): string {
  const listed = upcomingTrainings(data);
  const newest = listed.reduce((max, t) => (t.updatedAt > max ? t.updatedAt : max), '');
  const entries = [
    ...STATIC_PATHS.map((path) => ({ loc: new URL(path, site).href, lastmod: path === '/' ? newest : '' })),
    ...listedStates(data).map((s) => ({ loc: new URL(statePath(s.code)!, site).href, lastmod: '' })),
    ...listed.map((t) => ({ loc: new URL(trainingPath(t.id), site).href, lastmod: t.updatedAt })),
    ...trainersIndexPages(data).map(({ page }) => ({ loc: new URL(trainersIndexPath(page), site).href, lastmod: '' })),
    ...listedTrainers(data).map(({ trainer }) => ({
      loc: new URL(trainerPagePath(trainer.slug), site).href,
      lastmod: '',
    })),
  ];
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${new Date(e.lastmod).toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
