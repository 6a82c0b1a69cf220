import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

/**
 * Near me (docs/product.md, Near me) over the demo data: a ZIP code typed in "More filters" or the
 * browser's position lists the trainings within the chosen distance, with "12 mi" on each card, in
 * the URL, with and without JavaScript.
 */
const cards = (page: Page) => page.getByTestId('training-card');
// The filters panel (a phone's one button) holds More filters: the inner details is the one.
const more = (page: Page) =>
  page.locator('details:not(.filters-panel)').filter({ has: page.getByText('More filters') });

async function apiTitles(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`/api/trainings?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { title: string }[]).map((t) => t.title);
}

async function expectTitles(page: Page, titles: string[]) {
  await expect(page.getByText(`${titles.length} training(s) found`)).toBeVisible();
  await expect(cards(page).getByRole('heading')).toHaveText(titles);
}

test('a ZIP code typed in More filters lists what is within 250 miles, nearest first, with the miles on each card', async ({
  page,
}) => {
  const expected = await apiTitles(page, 'near=90024&radius=250&sort=distance');
  expect(expected.length).toBeGreaterThan(1);
  await page.goto('/');
  await more(page).locator('summary').click();
  await page.getByLabel('within').selectOption('250');
  await page.getByLabel('Near ZIP code').fill('90024');
  await page.getByLabel('Near ZIP code').press('Enter');
  await expect(page).toHaveURL(/near=90024&radius=250/);
  await page.getByLabel('Sort by').selectOption('distance');
  await expect(page).toHaveURL(/near=90024&radius=250&sort=distance$/);
  await expectTitles(page, expected);
  // The Los Angeles training is at that ZIP code; the next one is San Diego, over 100 miles away.
  await expect(cards(page).first()).toContainText('Los Angeles, CA · 0 mi');
  await expect(cards(page).nth(1)).toContainText(/ · 1\d\d mi/);
  await page.reload();
  await expect(page.getByLabel('Near ZIP code')).toHaveValue('90024');
  await expectTitles(page, expected);
});

test('a ZIP code the table does not know says so, with and without JavaScript', async ({ page, browser }) => {
  await page.goto('/');
  await more(page).locator('summary').click();
  await page.getByLabel('Near ZIP code').fill('00000');
  await page.getByLabel('Near ZIP code').press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Unknown ZIP code');

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.E2E_BASE_URL });
  const plain = await noScript.newPage();
  const response = await plain.goto('/trainings?near=00000&radius=50');
  expect(response!.status()).toBe(400);
  await expect(plain.getByRole('alert')).toHaveText('Unknown ZIP code');
  await noScript.close();
});

test.describe('with the browser’s position', () => {
  // San Diego's centre, given to the page as the device's position.
  test.use({ geolocation: { latitude: 32.715736, longitude: -117.161087 }, permissions: ['geolocation'] });

  test('"Use my location" searches near the position, rounded to two decimals', async ({ page }) => {
    const expected = await apiTitles(page, 'near=32.72,-117.16');
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/');
    await more(page).locator('summary').click();
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page).toHaveURL(/near=32\.72%2C-117\.16$/);
    await expect(page.getByLabel('Near ZIP code')).toHaveValue('32.72,-117.16');
    await expectTitles(page, expected);
    await expect(cards(page).first()).toContainText(/\d+ mi/);
  });
});

test('a refused location permission says so, and the button still works', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, permissions: [] });
  const page = await context.newPage();
  await page.goto('/');
  await more(page).locator('summary').click();
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByText('Location not shared. Type a ZIP code.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use my location' })).toBeEnabled();
  await context.close();
});

test('without JavaScript the form sends the ZIP code and the distance to /trainings', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const expected = await apiTitles(page, 'near=90024&radius=100');
  await page.goto('/');
  await page.getByText('More filters').click();
  await page.getByLabel('Near ZIP code').fill('90024');
  await page.getByLabel('within').selectOption('100');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/trainings\?.*near=90024&radius=100/);
  await expect(more(page)).toHaveAttribute('open', '');
  await expect(page.getByText(`${expected.length} training(s) found`)).toBeVisible();
  await expect(cards(page).getByRole('heading')).toHaveText(expected);
  await expect(cards(page).filter({ hasText: 'Los Angeles, CA · 0 mi' })).toHaveCount(1);
  await context.close();
});
