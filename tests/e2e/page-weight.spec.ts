import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures';
import { pageWeight } from '../support/pageWeight';
import {
  FIRST_PAGE_QUERY,
  MAP_BUDGET,
  WIDGET_BUDGET,
  gzipBytes,
  listingPages,
  mapFigures,
  overBudget,
  widgetFigures,
} from '../support/budgets';

test('the home page and every state page stay within their byte budgets, and so does a page of the list API', async ({
  request,
}) => {
  const client = path.join(process.env.E2E_DATA_DIR!, 'site', 'current', 'client');
  const pages = listingPages(client);
  expect(pages.map((p) => p.path)).toContain('/trainings/california');
  for (const page of pages) expect(page.jsGzip, page.path).toBeGreaterThan(0);
  const apiPage = await request.get(`/api/trainings?${FIRST_PAGE_QUERY}`);
  const apiPageGzip = gzipBytes(await apiPage.text());
  expect(overBudget(pages, apiPageGzip)).toEqual([]);
  // The cards are static HTML; the islands' props carry the view and the counts only, whatever N is.
  for (const page of pages) expect(page.islandPropsBytes, page.path).toBeLessThanOrEqual(8 * 1024);
  console.log(
    pages
      .slice(0, 2)
      .map((p) => `${p.path}: HTML ${p.htmlGzip} B, JS ${p.jsGzip} B gzip, props ${p.islandPropsBytes} B`)
      .join('; ') + `; API page ${apiPageGzip} B gzip`,
  );
});

test('a training page ships no script files', async () => {
  const client = path.join(process.env.E2E_DATA_DIR!, 'site', 'current', 'client');
  const id = fs.readdirSync(path.join(client, 'training'))[0]!;
  expect(pageWeight(client, `/training/${id}`).jsFiles).toEqual([]);
});

test('trainer pages ship no script files, like a training page', async () => {
  const client = path.join(process.env.E2E_DATA_DIR!, 'site', 'current', 'client');
  const slugs = fs.readdirSync(path.join(client, 'trainers')).filter((name) => /^[a-z0-9-]+$/.test(name));
  expect(slugs.length).toBeGreaterThan(1);
  for (const pagePath of ['/trainers', `/trainers/${slugs[0]}`, `/embed/trainers/${slugs[0]}`]) {
    expect(pageWeight(client, pagePath).jsFiles, pagePath).toEqual([]);
  }
});

test('the trainers widget stays within 10 KB gzip and imports nothing', async () => {
  const client = path.join(process.env.E2E_DATA_DIR!, 'site', 'current', 'client');
  const widget = widgetFigures(client);
  expect(widget.gzip).toBeLessThanOrEqual(WIDGET_BUDGET.gzip);
  expect(widget.imports).toBe(false);
  console.log(`/embed/v1.js: ${widget.gzip} B gzip`);
});

test('the map of the states stays within 40 KB gzip of HTML and CSS, and ships no script', async () => {
  const client = path.join(process.env.E2E_DATA_DIR!, 'site', 'current', 'client');
  const map = mapFigures(client);
  expect(map.gzip).toBeLessThanOrEqual(MAP_BUDGET.gzip);
  expect(map.jsFiles).toEqual([]);
  console.log(`/map: HTML and CSS ${map.gzip} B gzip`);
});
