import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signInByApi } from './adminSession';
import { adminClient, untilSiteIdle } from '../support/adminClient';

/**
 * Performance (docs/product.md): what visitors do in a real browser on the published
 * pages is counted by the beacon and shows on the admin Performance page the next time it loads.
 * Each visitor is a browser of its own, behind an address of its own (the server trusts its
 * loopback proxy), so the daily dedupe and the address's limit start afresh.
 */
/** The trainers this spec made: removed (with their trainings) after it, so later specs count the demo data alone. */
const madeTrainers: string[] = [];

test.afterAll(async () => {
  const admin = await adminClient(process.env.E2E_BASE_URL);
  for (const id of madeTrainers.splice(0))
    expect((await admin.call('DELETE', `/api/admin/trainers/${id}`)).status).toBe(200);
  await untilSiteIdle(admin);
});

async function publishedTraining(facts: Record<string, unknown> = {}) {
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const suffix = randomBytes(3).toString('hex');
  const trainer = await admin.call('POST', '/api/admin/trainers', {
    name: `Dr. Counted ${suffix}`,
    bio: 'Trains clinicians in EMDR therapy.',
    credentials: 'PhD',
    statesServed: ['WA'],
  });
  expect(trainer.status).toBe(201);
  madeTrainers.push(trainer.body.id as string);
  const training = await admin.call('POST', '/api/admin/trainings', {
    trainerId: trainer.body.id,
    title: `Seattle EMDR Weekend ${suffix}`,
    description: 'Two days of EMDR practice.',
    price: 900,
    ceCredits: 12,
    startDate: '2027-10-02T16:00:00.000Z',
    endDate: '2027-10-03T23:00:00.000Z',
    format: 'In-Person',
    location: 'Seattle, WA',
    state: 'WA',
    thinkificUrl: 'https://emdr.thinkific.com/courses/seattle',
    isPublished: true,
    ...facts,
  });
  expect(training.status).toBe(201);
  return {
    trainerId: trainer.body.id as string,
    slug: trainer.body.slug as string,
    id: training.body.id as string,
    title: training.body.title as string,
  };
}

let visitors = 0;
/**
 * What a visitor's Chrome sends: headless Chromium names itself HeadlessChrome, which is counted
 * nowhere (docs/product.md, Performance), as a bot would be.
 */
const VISITOR_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
/** A visitor's own browser; Register's tab gets a blank page (the test has no internet). */
async function visitor(browser: Browser, privacy?: 'gpc' | 'dnt'): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    userAgent: VISITOR_AGENT,
    extraHTTPHeaders: { 'x-forwarded-for': `198.18.${Date.now() % 250}.${++visitors}` },
  });
  await context.route('https://emdr.thinkific.com/**', (route) => route.fulfill({ body: 'Thinkific' }));
  if (privacy === 'gpc')
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
  if (privacy === 'dnt')
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
  return context;
}

const beacons = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/events'));

/** The Performance page's totals, read as a person reads them. */
async function totals(page: Page, trainerId: string) {
  await page.goto(`/admin/performance?trainerId=${trainerId}`);
  const figures = page.getByRole('region', { name: /^Totals/ });
  // This period's figure: the row's first cell (the second is the previous period's).
  const read = async (label: string) =>
    Number(
      await figures
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .getByRole('cell')
        .first()
        .textContent(),
    );
  return {
    views: await read('Page views'),
    register: await read('Register clicks'),
    calendar: await read('Calendar downloads'),
    widget: await read('Widget impressions'),
  };
}

test('views, Register clicks, calendar downloads and widget impressions made in a browser show on the Performance page', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const training = await publishedTraining();
  for (const path of [`/training/${training.id}`, `/embed/trainers/${training.slug}`])
    await expect(async () => expect((await request.get(path)).status()).toBe(200)).toPass({ timeout: 60_000 });
  await signInByApi(page);
  expect(await totals(page, training.trainerId)).toEqual({ views: 0, register: 0, calendar: 0, widget: 0 });
  await expect(page.getByText('Nothing has been counted in these days yet.')).toBeVisible();

  const context = await visitor(browser);
  const visit = await context.newPage();
  const viewed = beacons(visit);
  await visit.goto(`/training/${training.id}`);
  const view = await viewed;
  expect(view.status()).toBe(204);
  // No cookie: none in the answer, none in the page.
  expect(await view.allHeaders()).not.toHaveProperty('set-cookie');
  const side = visit.getByRole('complementary', { name: 'Registration' });
  const registered = beacons(visit);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    side.getByRole('link', { name: /Register on Thinkific/ }).click(),
  ]);
  expect((await registered).status()).toBe(204);
  await tab.close();
  const downloaded = beacons(visit);
  await Promise.all([visit.waitForEvent('download'), side.getByRole('link', { name: 'Add to Calendar' }).click()]);
  expect((await downloaded).status()).toBe(204);
  expect(await visit.evaluate(() => document.cookie)).toBe('');
  const shown = beacons(visit);
  await visit.goto(`/embed/trainers/${training.slug}`);
  expect((await shown).status()).toBe(204);
  expect((await context.cookies()).length).toBe(0);
  await context.close();

  expect(await totals(page, training.trainerId)).toEqual({ views: 1, register: 1, calendar: 1, widget: 1 });
  const section = page.getByRole('region', { name: training.title });
  await expect(section.getByRole('img')).toHaveAccessibleName(
    /Page views: 1\. Register clicks: 1\. Calendar downloads: 1\. Widget impressions: 1/,
  );
  await section.getByText('Figures by day', { exact: true }).click();
  const total = section.getByRole('row', { name: /^Total/ });
  await expect(total).toHaveText(/Total\s*1\s*1\s*1\s*1/);
  await expectNoSeriousA11yViolations(page);
});

for (const privacy of ['gpc', 'dnt'] as const) {
  test(`a browser with ${privacy === 'gpc' ? 'Global Privacy Control' : 'Do Not Track'} on sends nothing`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const training = await publishedTraining();
    await expect(async () => expect((await request.get(`/training/${training.id}`)).status()).toBe(200)).toPass({
      timeout: 60_000,
    });
    const context = await visitor(browser, privacy);
    const visit = await context.newPage();
    const sent: string[] = [];
    visit.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/events') sent.push(r.method());
    });
    await visit.goto(`/training/${training.id}`);
    const side = visit.getByRole('complementary', { name: 'Registration' });
    await Promise.all([visit.waitForEvent('download'), side.getByRole('link', { name: 'Add to Calendar' }).click()]);
    // A request the page makes after the click: a beacon of the click would have left before it.
    await visit.evaluate(() => fetch('/api/trainings?limit=1').then((r) => r.text()));
    expect(sent).toEqual([]);
    await context.close();

    await signInByApi(page);
    expect(await totals(page, training.trainerId)).toEqual({ views: 0, register: 0, calendar: 0, widget: 0 });
  });
}

test('with the "Before you register" checklist, Go back counts no Register click and Continue counts one', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const training = await publishedTraining({ eligibleLicenses: ['psychologist'], prerequisite: 'emdr_basic' });
  await expect(async () => expect((await request.get(`/training/${training.id}`)).status()).toBe(200)).toPass({
    timeout: 60_000,
  });
  const context = await visitor(browser);
  const visit = await context.newPage();
  const sent: string[] = [];
  visit.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events')
      sent.push((JSON.parse(r.postData() ?? '{}') as { type: string }).type);
  });
  const viewed = beacons(visit);
  await visit.goto(`/training/${training.id}`);
  expect((await viewed).status()).toBe(204);
  const register = visit
    .getByRole('complementary', { name: 'Registration' })
    .getByRole('link', { name: /Register on Thinkific/ });
  const checklist = visit.getByRole('dialog', { name: 'Before you register' });
  await register.click();
  await checklist.getByRole('button', { name: 'Go back' }).click();
  await expect(checklist).toBeHidden();
  // A request the page makes after Go back: a beacon of the click would have left before it.
  await visit.evaluate(() => fetch('/api/trainings?limit=1').then((r) => r.text()));
  expect(sent).toEqual(['view']);

  await register.click();
  const registered = beacons(visit);
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    checklist.getByRole('link', { name: /Continue to registration/ }).click(),
  ]);
  expect((await registered).status()).toBe(204);
  await tab.close();
  expect(sent).toEqual(['view', 'register']);
  await context.close();

  await signInByApi(page);
  expect(await totals(page, training.trainerId)).toEqual({ views: 1, register: 1, calendar: 0, widget: 0 });
});

test("an admin's preview of a training is not a visit: it sends nothing", async ({ page, request }) => {
  const training = await publishedTraining();
  await expect(async () => expect((await request.get(`/training/${training.id}`)).status()).toBe(200)).toPass({
    timeout: 60_000,
  });
  await signInByApi(page);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events') sent.push(r.method());
  });
  await page.goto(`/admin/trainings/${training.id}/preview`);
  await expect(page.getByRole('heading', { level: 1, name: training.title })).toBeVisible();
  await page.evaluate(() => fetch('/api/trainings?limit=1').then((r) => r.text()));
  expect(sent).toEqual([]);
  expect(await totals(page, training.trainerId)).toEqual({ views: 0, register: 0, calendar: 0, widget: 0 });
});
