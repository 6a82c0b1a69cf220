import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';

const cards = (page: Page) => page.getByTestId('training-card');
const status = (page: Page) => page.getByRole('status').filter({ hasText: 'training(s) found' });

async function setWidget(status: number, body: unknown) {
  await fetch(`${process.env.PUBLIC_STATS_WIDGET_URL}/control`, {
    method: 'POST',
    body: JSON.stringify({ status, body }),
  });
}

test('the home page is complete in its HTML before any script runs', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('Find an EMDR Training Near You');
  expect(html).toContain('EMDR Basic Training Part 1 — Los Angeles');
  expect(html).toContain('14 training(s) found');
  // Fallback stats at first paint (docs/product.md), with thousands separators.
  for (const number of ['341', '6,907', '428,753']) expect(html).toContain(number);
  expect(html).toContain('LIVE ENROLLMENT DATA');
});

test('the stats banner shows the widget numbers, keeping a fallback for a zero value', async ({ page }) => {
  await setWidget(200, { stats: { last30UniqueCustomers: 1234, totalLifetimeUsers: 0, totalEnrollments: 500000 } });
  await page.goto('/');
  await expect(page.getByTestId('stat-last30UniqueCustomers')).toHaveText('1,234');
  await expect(page.getByTestId('stat-totalLifetimeUsers')).toHaveText('6,907');
  await expect(page.getByTestId('stat-totalEnrollments')).toHaveText('500,000');
  for (const label of ['Joined in Last 30 Days', 'Total Clinicians', 'Course Enrollments'])
    await expect(page.getByText(label)).toBeVisible();
});

test('a failing stats widget is logged and the fallback numbers stay', async ({ page }) => {
  await setWidget(500, { error: 'down' });
  const warnings: string[] = [];
  page.on('console', (message) => warnings.push(message.text()));
  await page.goto('/');
  await expect.poll(() => warnings).toContain('Widget data fetch failed, using fallback values');
  await expect(page.getByTestId('stat-totalEnrollments')).toHaveText('428,753');
});

test('the hero picker is disabled until a state is chosen, then filters the list by that state', async ({ page }) => {
  await page.goto('/');
  const find = page.getByRole('button', { name: 'Find Trainings' });
  await expect(find).toBeDisabled();
  await expect(page.getByLabel('Your state')).toHaveValue('');
  await expect(page.locator('#hero-state option').first()).toHaveText('Select your state...');
  await page.getByLabel('Your state').selectOption({ label: 'California' });
  await find.click();
  await expect(page).toHaveURL(/\?state=CA/);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('CA');
  await expect(status(page)).toContainText('3 training(s) found');
  await expect(status(page)).toContainText('1 filter(s) active');
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Browse EMDR Trainings' })).toBeInViewport();
});

test('filters live in the URL: dropdowns apply at once, search on submit, Back restores, Clear resets', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
  await page.getByLabel('State', { exact: true }).selectOption('CA');
  await page.getByLabel('Format').selectOption('Virtual');
  await expect(page).toHaveURL(/\?state=CA&format=Virtual$/);
  // A hybrid training also matches the virtual filter.
  await expect(status(page)).toContainText('2 training(s) found');
  await expect(status(page)).toContainText('2 filter(s) active');

  await page.getByLabel('Search trainings').fill('Complex Trauma');
  await expect(status(page)).toContainText('2 training(s) found');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=Complex\+Trauma/);
  await expect(status(page)).toContainText('1 training(s) found');
  // Search is not counted as a filter (docs/product.md).
  await expect(status(page)).toContainText('2 filter(s) active');

  await page.goBack();
  await expect(page).toHaveURL(/\?state=CA&format=Virtual$/);
  await expect(page.getByLabel('Search trainings')).toHaveValue('');
  await expect(status(page)).toContainText('2 training(s) found');

  await page.getByLabel('Format').selectOption('all');
  await expect(page).toHaveURL(/\?state=CA$/);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('all');
  await expect(status(page)).toContainText('14 training(s) found');
  await expect(status(page)).not.toContainText('filter(s) active');
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
});

test('a shared link reproduces the filtered view, and an empty result pitches the partner program', async ({
  page,
}) => {
  await page.goto('/?state=NY&dateRange=next-6-months&search=no%20such%20training');
  await expect(page.getByLabel('Date Range')).toHaveValue('next-6-months');
  await expect(page.getByLabel('Search trainings')).toHaveValue('no such training');
  await expect(status(page)).toContainText('0 training(s) found');
  await expect(page.getByRole('heading', { name: 'Your Profile Could Be Here' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a Founding Partner' })).toHaveAttribute('href', '/partner');
  await expectNoSeriousA11yViolations(page);
});

test('a changed filter shows the loading text while its request is pending', async ({ page }) => {
  await page.goto('/');
  await expect(status(page)).toContainText('14 training(s) found');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/trainings?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Format').selectOption('Hybrid');
  await expect(page.getByText('Loading trainings...')).toBeVisible();
  release();
  await expect(status(page)).toContainText('3 training(s) found');
});

test('without JavaScript the filters still work as a plain form', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/trainings\?search=&state=TX/);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText('2 training(s) found')).toBeVisible();
  await context.close();
});

test('the card grid has 1, 2 or 3 columns by width, and the bottom promo leads to /partner', async ({ page }) => {
  const columns = () =>
    page
      .locator('ul[aria-label="Trainings"]')
      .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  for (const [width, expected] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect.poll(columns).toBe(expected);
  }
  await expect(page.getByRole('heading', { name: 'List Your EMDR Trainings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/partner');
  const card = cards(page).first();
  await expect(card).toContainText('Example Listing');
  await expect(card).toContainText('EMDRIA Certified Provider');
  await expect(card).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(card.getByText('DM', { exact: true })).toBeVisible();
});

test('on a small screen the Admin Login button lives in a menu that opens and closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await expect(page.getByRole('link', { name: 'Admin Login' })).toBeHidden();
  await menuButton.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Admin Login' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Admin Login' })).toBeHidden();
});

test('the home page has no serious accessibility violations with filters applied', async ({ page }) => {
  await page.goto('/?format=In-Person');
  await expect(status(page)).toContainText('1 filter(s) active');
  await expectNoSeriousA11yViolations(page);
});
