import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pageWeight } from './pageWeight';

/**
 * The listing's byte budgets, whatever the number of trainings: the home page and each state page
 * ship at most 30 KB of HTML and 80 KB of JavaScript (gzip), and one page of the list API at the
 * default page size at most 15 KB (gzip). Checked by `npm test` (tests/e2e/page-weight.spec.ts) on
 * the demo site and by scripts/bench/check-budgets.ts on generated sites of any size.
 */
export const BUDGETS = { htmlGzip: 30 * 1024, jsGzip: 80 * 1024, apiPageGzip: 15 * 1024 };

/**
 * The trainers' widget (public/embed/v1.js, docs/product.md, Widget) is loaded by other sites on
 * every visit of their pages: at most 10 KB gzip, and framework-free (no import, no bundle).
 */
export const WIDGET_BUDGET = { gzip: 10 * 1024 };
export const WIDGET_FILE = path.join('embed', 'v1.js');

/** The widget as published in a build's client folder: its gzip size and whether it imports anything. */
export function widgetFigures(clientDir: string): { gzip: number; imports: boolean } {
  const source = fs.readFileSync(path.join(clientDir, WIDGET_FILE));
  return { gzip: gzipBytes(source), imports: /^\s*import[\s{*]|\bimport\s*\(/m.test(source.toString()) };
}

/**
 * /map (docs/product.md, Map): the 50 states drawn inline, at most 40 KB gzip of HTML and CSS
 * together, and no script at all.
 */
export const MAP_BUDGET = { gzip: 40 * 1024 };

/** /map as published in a build's client folder: its HTML and CSS (gzip, each file on its own) and its scripts. */
export function mapFigures(clientDir: string): { gzip: number; jsFiles: string[] } {
  const weight = pageWeight(clientDir, '/map');
  return { gzip: weight.html.gzip + weight.css.gzip, jsFiles: weight.jsFiles };
}

/** The island's request for the first page: cards, total and counts (src/domain/listing/listingView.ts). */
export const FIRST_PAGE_QUERY = 'page=1&limit=24&fields=card&counts=1';

export interface PageFigures {
  path: string;
  htmlGzip: number;
  jsGzip: number;
  islandPropsBytes: number;
}

export const gzipBytes = (text: string | Buffer) => zlib.gzipSync(text, { level: 9 }).length;

/** `/` and every state page of a built site. */
export function listingPages(clientDir: string): PageFigures[] {
  const statesDir = path.join(clientDir, 'trainings');
  const states = fs.existsSync(statesDir)
    ? fs.readdirSync(statesDir).filter((slug) => fs.existsSync(path.join(statesDir, slug, 'index.html')))
    : [];
  return ['/', ...states.map((slug) => `/trainings/${slug}`)].map((pagePath) => {
    const weight = pageWeight(clientDir, pagePath);
    return {
      path: pagePath,
      htmlGzip: weight.html.gzip,
      jsGzip: weight.js.gzip,
      islandPropsBytes: weight.islandPropsBytes,
    };
  });
}

/** The budgets a set of figures breaks, as sentences (empty when all hold). */
export function overBudget(pages: PageFigures[], apiPageGzip: number): string[] {
  const problems: string[] = [];
  for (const page of pages) {
    if (page.htmlGzip > BUDGETS.htmlGzip)
      problems.push(`${page.path}: HTML ${page.htmlGzip} B gzip > ${BUDGETS.htmlGzip}`);
    if (page.jsGzip > BUDGETS.jsGzip) problems.push(`${page.path}: JS ${page.jsGzip} B gzip > ${BUDGETS.jsGzip}`);
  }
  if (apiPageGzip > BUDGETS.apiPageGzip) problems.push(`API list page: ${apiPageGzip} B gzip > ${BUDGETS.apiPageGzip}`);
  return problems;
}
