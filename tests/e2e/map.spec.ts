import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { US_STATES } from '../../src/domain/states';
import { statePath } from '../../src/domain/listing/statePages';
import { adminClient, untilSiteIdle } from '../support/adminClient';

/** Listed trainings per state, as the API lists them: what the map must say, whatever the demo data holds. */
async function countsByState(page: Page): Promise<Map<string, number>> {
  const listed = (await (await page.request.get('/api/trainings')).json()) as { state: string | null }[];
  const counts = new Map<string, number>();
  for (const { state } of listed) if (state) counts.set(state, (counts.get(state) ?? 0) + 1);
  return counts;
}

const label = (name: string, count: number) => `${name}: ${count === 1 ? '1 training' : `${count} trainings`}`;
const map = (page: Page) => page.locator('svg[aria-label^="Map of the 50 states"]');
const mapLinks = (page: Page) => map(page).locator('a');

test('/map draws the 50 states; each state with trainings links to its state page, the others are plain', async ({
  page,
}) => {
  // The map is a static page: compare it with the API once earlier specs' changes are published.
  await untilSiteIdle(await adminClient(process.env.E2E_BASE_URL));
  const counts = await countsByState(page);
  expect(counts.size).toBeGreaterThan(1);
  const response = await page.goto('/map');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('EMDR Trainings by State');
  await expect(map(page).locator('path')).toHaveCount(50);
  // A state without a listed training has no page (/trainings/{state} answers 404): no link to it.
  const withTrainings = US_STATES.filter((s) => counts.has(s.code));
  await expect(mapLinks(page)).toHaveCount(withTrainings.length);
  for (const state of US_STATES) {
    const count = counts.get(state.code) ?? 0;
    const text = label(state.name, count);
    const shape = map(page)
      .locator('title')
      .filter({ hasText: new RegExp(`^${text}$`) });
    await expect(shape, text).toHaveCount(1);
    const list = page
      .getByRole('list', { name: 'Trainings per state' })
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`^${text}$`) });
    await expect(list, text).toHaveCount(1);
    if (count) {
      await expect(map(page).locator(`a[href="${statePath(state.code)}"] > title`)).toHaveText(text);
      await expect(list.getByRole('link', { name: text })).toHaveAttribute('href', statePath(state.code)!);
    } else {
      await expect(list.getByRole('link')).toHaveCount(0);
    }
  }
  // Alaska and Hawaii are drawn too, as insets.
  await expect(
    map(page)
      .locator('title')
      .filter({ hasText: /^Alaska: / }),
  ).toHaveCount(1);
  await expect(
    map(page)
      .locator('title')
      .filter({ hasText: /^Hawaii: / }),
  ).toHaveCount(1);
  await expect(page.locator('figcaption')).toContainText('11 or more');
  // No client JavaScript on this page.
  await expect(page.locator('script[src], astro-island')).toHaveCount(0);
  // Every state link leads to its state page.
  for (const href of await mapLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute('href')!))) {
    expect((await page.request.get(href)).status(), href).toBe(200);
  }
});

test('choosing a state on the map opens its state page', async ({ page }) => {
  await page.goto('/map');
  await map(page).locator('a[href="/trainings/california"]').click();
  await expect(page).toHaveURL(/\/trainings\/california$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('EMDR Trainings in California');
});

test('the keyboard reaches the states on the map, and the focused state stands out', async ({ page }) => {
  await page.goto('/map');
  let inMap = false;
  for (let i = 0; i < 40 && !inMap; i++) {
    await page.keyboard.press('Tab');
    inMap = await page.evaluate(() => document.activeElement?.closest('svg') != null);
  }
  expect(inMap).toBe(true);
  const look = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.querySelector('svg a:focus-visible path, svg a[data-was] path')!);
      return { fill: style.fill, stroke: style.stroke, width: style.strokeWidth };
    });
  expect(await page.evaluate(() => document.activeElement!.getAttribute('href'))).toMatch(/^\/trainings\/[a-z-]+$/);
  const focused = await look();
  await page.evaluate(() => {
    const link = document.activeElement as SVGAElement;
    link.setAttribute('data-was', '');
    link.blur();
  });
  const unfocused = await look();
  // Another fill and a thick dark border: the focused state stands out from its neighbours.
  expect(focused.fill).not.toBe(unfocused.fill);
  expect(focused.width).toBe('2.5px');
  expect(unfocused.width).toBe('0.75px');
});

test('axe finds no violations on /map', async ({ page }) => {
  await page.goto('/map');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the home page and the state pages link to /map, and the sitemap lists it', async ({ page }) => {
  await page.goto('/');
  const browse = page.locator('section', { has: page.getByRole('heading', { name: 'Browse by state' }) });
  await expect(browse.getByRole('link', { name: 'See trainings by state on a map' })).toHaveAttribute('href', '/map');
  await page.goto('/trainings/california');
  await expect(page.getByRole('link', { name: 'Trainings in other states, on a map' })).toHaveAttribute('href', '/map');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>http://localhost:4321/map</loc>');
});
