import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { throttleCpu } from './throttle';

/**
 * The filters on program facts (docs/product.md, Program facts) over the demo data: they live in
 * the URL, open "More filters" by themselves, combine with the others, work by keyboard, before
 * hydration on a slow phone, and without JavaScript.
 */
const cards = (page: Page) => page.getByTestId('training-card');
const status = (page: Page) => page.getByRole('status').filter({ hasText: 'training(s) found' });
// The filters panel (a phone's one button) holds More filters: the inner details is the one.
const more = (page: Page) =>
  page.locator('details:not(.filters-panel)').filter({ has: page.getByText('More filters') });

async function apiTitles(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`/api/trainings?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { title: string }[]).map((t) => t.title);
}

async function expectTitles(page: Page, titles: string[]) {
  await expect(status(page)).toContainText(`${titles.length} training(s) found`);
  await expect(cards(page).getByRole('heading')).toHaveText(titles);
}

test('a filter set in the URL opens More filters, shows the counts, and survives reload and Back', async ({ page }) => {
  const apa = await apiTitles(page, 'ce=APA');
  expect(apa.length).toBeGreaterThan(1);
  await page.goto('/?ce=APA');
  await expect(more(page)).toHaveAttribute('open', '');
  await expect(page.getByRole('checkbox', { name: /^APA/ })).toBeChecked();
  await expectTitles(page, apa);
  await expect(page.getByRole('checkbox', { name: /^APA/ })).toHaveAccessibleName(`APA (${apa.length})`);

  // Spanish narrows it further; the filters combine in the URL.
  const apaSpanish = await apiTitles(page, 'ce=APA&lang=es');
  await page.getByLabel('Language').selectOption('es');
  await expect(page).toHaveURL(/\?ce=APA&lang=es$/);
  await expectTitles(page, apaSpanish);
  await expect(page.getByText('2 filter(s) active')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Language')).toHaveValue('es');
  await expectTitles(page, apaSpanish);
  await page.goBack();
  await expect(page).toHaveURL(/\?ce=APA$/);
  await expectTitles(page, apa);
  await page.goto('/');
  await expect(more(page)).not.toHaveAttribute('open', '');
});

test('by keyboard: open More filters, tick bodies, choose a type, a price and disclosed only', async ({ page }) => {
  await page.goto('/');
  await expect(status(page)).toContainText('14 training(s) found');
  await more(page).locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(more(page)).toHaveAttribute('open', '');
  await page.getByRole('checkbox', { name: /^NBCC/ }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\?ce=NBCC$/);
  await page.getByRole('checkbox', { name: /^ASWB ACE/ }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\?ce=NBCC%2CASWB$/);
  await expectTitles(page, await apiTitles(page, 'ce=NBCC,ASWB'));

  await page.getByLabel('Program type').selectOption('basic');
  await page.getByLabel('Total cost up to ($)').fill('2000');
  await page.getByLabel('Total cost up to ($)').press('Enter');
  await expect(page).toHaveURL(/priceMax=2000/);
  await page.getByRole('checkbox', { name: 'Full cost disclosed only' }).focus();
  await page.keyboard.press('Space');
  const query = 'ce=NBCC%2CASWB&type=basic&priceMax=2000&disclosed=1';
  await expect(page).toHaveURL(new RegExp(`\\?${query}$`));
  await expectTitles(page, await apiTitles(page, query));
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Total cost up to ($)')).toHaveValue('');
  await expect(status(page)).toContainText('14 training(s) found');
});

test('a body ticked before the island takes over, on a slow phone, still applies', async ({ page }) => {
  await throttleCpu(page, 6);
  const nbcc = await apiTitles(page, 'ce=NBCC');
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByText('More filters').click();
  await page.getByRole('checkbox', { name: /^NBCC/ }).check();
  await expect(page).toHaveURL(/\?ce=NBCC$/);
  await expect(page.getByRole('checkbox', { name: /^NBCC/ })).toBeChecked();
  await expectTitles(page, nbcc);
});

test('without JavaScript the form carries the more filters to /trainings', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const expected = await apiTitles(page, 'ce=APA,ASWB&type=basic');
  await page.goto('/');
  await page.getByText('More filters').click();
  await page.getByRole('checkbox', { name: /^APA/ }).check();
  await page.getByRole('checkbox', { name: /^ASWB ACE/ }).check();
  await page.getByLabel('Program type').selectOption('basic');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/trainings\?.*ce=APA&ce=ASWB.*type=basic/);
  await expect(more(page)).toHaveAttribute('open', '');
  await expect(page.getByText(`${expected.length} training(s) found`)).toBeVisible();
  await expect(cards(page).getByRole('heading')).toHaveText(expected);
  await context.close();
});

test('a bad value in the API query is a 400 with a field error, not an empty list', async ({ page }) => {
  const response = await page.request.get('/api/trainings?ce=NOPE');
  expect(response.status()).toBe(400);
  expect(Object.keys(((await response.json()) as { fieldErrors: object }).fieldErrors)).toEqual(['ce']);
});
