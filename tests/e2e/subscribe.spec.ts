import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { validCalendar } from '../support/icalendar';

/** The Subscribe control on the home page leads to the calendar feed of what the visitor filters for. */
const SITE = 'http://localhost:4321';
const summary = (page: Page) => page.locator('summary', { hasText: 'Subscribe in your calendar' });
const httpsLink = (page: Page) => page.locator('[data-subscribe] a[data-feed-https]');
const webcalLink = (page: Page) => page.getByRole('link', { name: 'Subscribe with your calendar app' });

test('the Subscribe control leads to the feed of the state in the URL, holding that state’s trainings', async ({
  page,
  request,
}) => {
  await page.goto('/?state=CA');
  await summary(page).click();
  await expect(httpsLink(page)).toHaveAttribute('href', `${SITE}/feeds/california.ics`);
  await expect(httpsLink(page)).toHaveText(`${SITE}/feeds/california.ics`);
  await expect(webcalLink(page)).toHaveAttribute('href', 'webcal://localhost:4321/feeds/california.ics');
  await expect(page.getByText('Calendar: EMDR Trainings in California')).toBeVisible();
  for (const app of ['Google Calendar', 'Apple Calendar', 'Outlook'])
    await expect(page.locator('[data-subscribe] li', { hasText: app })).toBeVisible();

  // Follow the link (its path, on the server under test: the site URL names the public host).
  const href = (await httpsLink(page).getAttribute('href'))!;
  const response = await request.get(new URL(href).pathname);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const feed = validCalendar(await response.text());
  expect(feed.name).toBe('EMDR Trainings in California');
  expect(feed.events.map((e) => e.summary).sort()).toEqual([
    'Complex Trauma and Dissociation: EMDR Advanced Workshop',
    'EMDR Basic Training Part 1 — Live Online (Pacific Time)',
    'EMDR Basic Training Part 1 — Los Angeles',
  ]);
});

test('with no filter the control offers every training, opens from the keyboard and is axe-clean', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await summary(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('details[data-subscribe]')).toHaveAttribute('open', '');
  await expect(httpsLink(page)).toHaveAttribute('href', `${SITE}/feeds/all.ics`);
  await page.keyboard.press('Tab');
  await expect(webcalLink(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);

  const feed = validCalendar(await (await request.get('/feeds/all.ics')).text());
  expect(feed.events.length).toBeGreaterThanOrEqual(14);
  const rss = page.getByRole('link', { name: 'Newly listed trainings (RSS)' });
  await expect(rss).toHaveAttribute('href', '/feeds/new.xml');
  expect(await (await request.get('/feeds/new.xml')).text()).toContain('<title>EMDR Basic Training — Chicago</title>');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.locator('details[data-subscribe]')).not.toHaveAttribute('open');
});

test('choosing a format in the filters switches the control to that format’s feed, hybrid trainings included', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await summary(page).click();
  await expect(httpsLink(page)).toHaveAttribute('href', `${SITE}/feeds/all.ics`);
  // The dropdowns apply through the filter island (before it runs they belong to a plain GET form).
  // Only that island: the stats banner hydrates when the browser is idle, which a busy machine
  // delayed past 15 s in one CI run, and this test does not look at it.
  await expect(page.locator('astro-island[component-url*="/TrainingsBrowser."]')).not.toHaveAttribute('ssr');
  await page.getByLabel('Format', { exact: true }).selectOption('Virtual');
  await expect(page).toHaveURL(/format=Virtual/);
  await expect(httpsLink(page)).toHaveAttribute('href', `${SITE}/feeds/virtual.ics`);
  await expect(page.getByText('Calendar: Virtual EMDR Trainings')).toBeVisible();

  const feed = validCalendar(await (await request.get('/feeds/virtual.ics')).text());
  const titles = feed.events.map((e) => e.summary);
  expect(titles).toContain('EMDR for Anxiety and Panic: Live Online');
  expect(titles).toContain('Somatic Resources in EMDR Therapy');
  expect(titles).not.toContain('EMDR Basic Training — Chicago');

  await page.goBack();
  await expect(httpsLink(page)).toHaveAttribute('href', `${SITE}/feeds/all.ics`);
});

test('the Copy button puts the feed address on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?format=Hybrid');
  await summary(page).click();
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.locator('[data-feed-copied]')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${SITE}/feeds/hybrid.ics`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the control still opens and offers the feed of every training; Copy stays disabled', async ({ page }) => {
    await page.goto('/');
    await summary(page).click();
    await expect(httpsLink(page)).toBeVisible();
    await expect(httpsLink(page)).toHaveAttribute('href', `${SITE}/feeds/all.ics`);
    await expect(webcalLink(page)).toHaveAttribute('href', 'webcal://localhost:4321/feeds/all.ics');
    await expect(page.getByRole('button', { name: 'Copy address' })).toBeDisabled();
  });
});

test('a state page offers that state’s feed and links it in its head, whatever the filters say', async ({ page }) => {
  await page.goto('/trainings/california?format=Virtual');
  await expect(page.locator('link[rel="alternate"][type="text/calendar"][href$="/feeds/california.ics"]')).toHaveCount(
    1,
  );
  await summary(page).click();
  await expect(httpsLink(page)).toHaveAttribute('href', `${SITE}/feeds/california.ics`);
  await expect(page.getByText('Calendar: EMDR Trainings in California')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
