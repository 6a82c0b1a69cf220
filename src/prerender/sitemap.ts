import { PARTNER_PITCH } from '../domain/adminPaths';
import type { SiteData, SiteTraining } from '../domain/siteData';
import { statePath } from '../domain/listing/statePages';
import { MAP_PATH } from '../domain/listing/stateMap';
import { listedStates, upcomingTrainings } from './siteData';
import { trainingPath } from '../domain/trainingPath';
import { listedTrainers, trainersIndexPages } from './trainerPages';
import { trainersIndexPath } from '../domain/trainers/trainerPages';
import { trainerPagePath } from '../domain/trainers/trainerSlug';
import { HOW_IT_WORKS_PATH } from '../domain/trust/trustPages';

export const STATIC_PATHS = ['/', MAP_PATH, PARTNER_PITCH, '/terms', '/privacy', '/refund-policy', HOW_IT_WORKS_PATH];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The public pages, a page per listed state and a page per listed training: what the public sees.
 * Trainer pages: /trainers with its further pages, and the page of each trainer with a listed
 * training (the others are noindex).
 */
const urlLine = (loc: string, lastmod: string) =>
  `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : ''}</url>`;

/**
 * A training's line, kept with its row object: the publisher keeps an unchanged row's object from
 * one snapshot to the next, and every edit writes the sitemap again (thousands of URLs at 5,000).
 */
const trainingLines = new WeakMap<SiteTraining, { site: string; line: string }>();
function trainingLine(training: SiteTraining, site: URL): string {
  const found = trainingLines.get(training);
  if (found?.site === site.href) return found.line;
  const line = urlLine(new URL(trainingPath(training.id), site).href, training.updatedAt);
  trainingLines.set(training, { site: site.href, line });
  return line;
}

export function sitemapXml(data: SiteData, site: URL): string {
  const listed = upcomingTrainings(data);
  const newest = listed.reduce((max, t) => (t.updatedAt > max ? t.updatedAt : max), '');
  const urls = [
    ...STATIC_PATHS.map((path) => urlLine(new URL(path, site).href, path === '/' ? newest : '')),
    ...listedStates(data).map((s) => urlLine(new URL(statePath(s.code)!, site).href, '')),
    ...listed.map((t) => trainingLine(t, site)),
    ...trainersIndexPages(data).map(({ page }) => urlLine(new URL(trainersIndexPath(page), site).href, '')),
    ...listedTrainers(data).map(({ trainer }) => urlLine(new URL(trainerPagePath(trainer.slug), site).href, '')),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
