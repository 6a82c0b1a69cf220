import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';

const cards = (page: Page) => page.getByTestId('training-card');
const status = (page: Page) => page.getByRole('status').filter({ hasText: 'training(s) found' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const firstTitle = (page: Page) => cards(page).first().getByRole('link');

/** The titles the API gives for a query: what the page must show, whatever the demo data holds. */
async function apiTitles(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`/api/trainings?${query}`);
  return ((await response.json()) as { title: string }[]).map((t) => t.title);
}

test('pages are real links: the page is in the URL, Back returns, and the count covers every page', async ({
  page,
}) => {
  const [pageOne, pageTwo] = [await apiTitles(page, 'limit=5&page=1'), await apiTitles(page, 'limit=5&page=2')];
  await page.goto('/?limit=5');
  await expect(pager(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/trainings?limit=5&page=2');
  await expect(cards(page)).toHaveCount(5);
  await expect(firstTitle(page)).toHaveText(pageOne[0]!);
  await pager(page).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/\?limit=5&page=2$/);
  await expect(firstTitle(page)).toHaveText(pageTwo[0]!);
  await expect(status(page)).toContainText('14 training(s) found');
  await expect(pager(page).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await pager(page).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=3$/);
  await expect(cards(page)).toHaveCount(4);

  await page.goBack();
  await expect(page).toHaveURL(/\/\?limit=5&page=2$/);
  await expect(firstTitle(page)).toHaveText(pageTwo[0]!);
  await page.reload();
  await expect(firstTitle(page)).toHaveText(pageTwo[0]!);
  // A filter change goes back to the first page.
  await page.getByLabel('Format').selectOption('Virtual');
  await expect(page).toHaveURL(/\/\?format=Virtual&limit=5$/);
});

test('without JavaScript the page links lead through /trainings', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const pageThree = await apiTitles(page, 'limit=5&page=3');
  await page.goto('/trainings?limit=5');
  await expect(cards(page)).toHaveCount(5);
  await expect(page.getByText('14 training(s) found')).toBeVisible();
  await pager(page).getByRole('link', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(/\/trainings\?limit=5&page=3$/);
  await expect(cards(page)).toHaveCount(4);
  await expect(firstTitle(page)).toHaveText(pageThree[0]!);
  // A page past the end shows the last one.
  await page.goto('/trainings?limit=5&page=99999');
  await expect(firstTitle(page)).toHaveText(pageThree[0]!);
  await context.close();
});

test('the order is chosen in the URL: price both ways and recently added, soonest by default', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByLabel('Sort by')).toHaveValue('soonest');
  for (const [sort, label] of [
    ['price-desc', 'Price: high to low'],
    ['price-asc', 'Price: low to high'],
    ['newest', 'Recently added'],
  ] as const) {
    await page.getByLabel('Sort by').selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`sort=${sort}$`));
    await expect(cards(page).getByRole('link')).toHaveText(await apiTitles(page, `sort=${sort}`));
    if (sort === 'newest') continue;
    const prices = (
      await cards(page)
        .getByText(/^\$[\d,]+$/)
        .allTextContents()
    ).map((p) => Number(p.replace(/\D/g, '')));
    const sorted = [...prices].sort((a, b) => (sort === 'price-asc' ? a - b : b - a));
    expect(prices).toEqual(sorted);
  }
  await page.goBack();
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
});

test('each filter option says how many trainings it would leave, given the other filters', async ({ page }) => {
  await page.goto('/');
  const option = (select: string, value: string) => page.locator(`${select} option[value="${value}"]`);
  await expect(option('#filter-state', 'CA')).toHaveText('California (3)');
  await expect(option('#filter-state', 'AK')).toHaveText('Alaska (0)');
  await page.getByLabel('Format').selectOption('Virtual');
  await expect(status(page)).toContainText(/\d+ training\(s\) found/);
  await expect(option('#filter-state', 'CA')).toHaveText('California (2)');
  await page.getByLabel('State', { exact: true }).selectOption('CA');
  await expect(status(page)).toContainText('2 training(s) found');
  await expect(option('#filter-format', 'In-Person')).toHaveText('In-Person (2)');
  // A state with none stays choosable and shows the partner pitch.
  await page.getByLabel('State', { exact: true }).selectOption('AK');
  await expect(page.getByRole('heading', { name: 'Your Profile Could Be Here' })).toBeVisible();
});

test('a state has its own page, linked from the home page and from its trainings; a state with none is not found', async ({
  page,
}) => {
  await page.goto('/');
  // Followed from the keyboard: the cards above it lay out as they scroll into view
  // (content-visibility), which can move the link between a mouse's aim and its click.
  await page
    .getByRole('region', { name: 'Browse by state' })
    .getByRole('link', { name: 'California (3)' })
    .press('Enter');
  await expect(page).toHaveURL(/\/trainings\/california$/);
  await expect(page).toHaveTitle('EMDR Trainings in California');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('EMDR Trainings in California');
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('CA');
  await expectNoSeriousA11yViolations(page);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'http://localhost:4321/trainings/california',
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^3 upcoming EMDR trainings in California/,
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ '@type': 'ItemList', numberOfItems: 3 });
  expect(jsonLd.itemListElement).toHaveLength(3);
  await page.getByLabel('Format').selectOption('Virtual');
  await expect(page).toHaveURL(/\/trainings\/california\?format=Virtual$/);
  await expect(status(page)).toContainText('2 training(s) found');

  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>http://localhost:4321/trainings/california</loc>');
  expect(sitemap).not.toContain('/trainings/alaska');
  const missing = await page.goto('/trainings/alaska');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test("a training page links to its state's page", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'EMDR Basic Training Part 1 — Los Angeles' }).click();
  await page.getByRole('link', { name: 'More EMDR Trainings in California' }).click();
  await expect(page).toHaveURL(/\/trainings\/california$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('EMDR Trainings in California');
});
