import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signInByApi } from './adminSession';
import { adminClient, type AdminClient } from '../support/adminClient';

/**
 * Listings a clinician can trust (docs/product.md, Trust), in a real browser: how the site is paid by
 * every Register button, a report sent with JavaScript off and ended by the team, details confirmed,
 * and a verified trainer's badge, with axe on every screen.
 */
const DISCLOSURE = 'This site receives a share of registrations made through it.';
const DAY = 86_400_000;
const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

/** Waits for a publish: the page at `url` passes `check` within the usual publish time. */
async function until(request: APIRequestContext, url: string, check: (body: string) => void) {
  await expect(async () => check(await (await request.get(url)).text())).toPass({ timeout: 60_000 });
}

let admin: AdminClient;
test.beforeAll(async () => {
  admin = await adminClient(process.env.E2E_BASE_URL);
});

async function publicTrainings(
  request: APIRequestContext,
): Promise<{ id: string; title: string; trainerId: string }[]> {
  return (await (await request.get('/api/trainings')).json()) as { id: string; title: string; trainerId: string }[];
}

test('every training page says how the site is paid beside its Register button, and links to How this directory works', async ({
  page,
  request,
}) => {
  const trainings = await publicTrainings(request);
  expect(trainings.length).toBeGreaterThan(3);
  for (const { id } of trainings) {
    const html = await (await request.get(`/training/${id}`)).text();
    const sideCard = html.slice(html.indexOf('aria-label="Registration"'));
    expect(sideCard, id).toContain(DISCLOSURE);
    expect(sideCard, id).toContain('href="/how-it-works"');
  }
  await page.goto(`/training/${trainings[0]!.id}`);
  const card = page.getByRole('complementary', { name: 'Registration' });
  await expect(card.getByText(DISCLOSURE)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('link', { name: 'How this directory works' }).click();
  await expect(page.getByRole('heading', { name: 'How this directory works', level: 1 })).toBeVisible();
  for (const section of [
    'Who lists',
    'What the team reviews',
    'What “verified” means',
    'What “full cost disclosed” means',
    'How the site earns',
    'How to report a problem',
  ])
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'How this directory works' })).toHaveAttribute(
    'href',
    '/how-it-works',
  );
  await expectNoSeriousA11yViolations(page);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/how-it-works</loc>');
});

test('a report sent with JavaScript off reaches the team, who end it; its words stay text', async ({
  browser,
  page,
  request,
}) => {
  const [training] = await publicTrainings(request);
  const visitor = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${randomBytes(1)[0]! % 200}` },
  });
  const tab = await visitor.newPage();
  await tab.goto(`/training/${training!.id}`);
  await tab.getByText('Report a problem with this listing').click();
  await tab.getByRole('radio', { name: 'Something else' }).check();
  const words = `The venue moved; see https://evil.example/${randomBytes(3).toString('hex')}`;
  await tab.getByLabel(/What should it say/).fill(words);
  await tab.getByLabel('Your email (optional)').fill('clinician@e2e.example');
  await tab.getByRole('button', { name: 'Send report' }).click();
  await expect(tab.getByRole('heading', { name: "Thanks, we'll look at it" })).toBeVisible();
  const thanks = new URL(tab.url()).pathname + new URL(tab.url()).search;
  await visitor.close();

  // axe needs a script of its own in the page: the same screens, in a browser with JavaScript on.
  await page.goto(`/training/${training!.id}`);
  await page.getByText('Report a problem with this listing').click();
  await expect(page.getByRole('button', { name: 'Send report' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(thanks);
  await expect(page.getByRole('heading', { name: "Thanks, we'll look at it" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await signInByApi(page);
  await page.goto('/admin/listing-problems');
  const report = page.getByRole('listitem').filter({ hasText: words });
  await expect(report.getByRole('heading', { name: 'Report: Something else' })).toBeVisible();
  await expect(report.getByTestId('report-details')).toHaveText(words);
  await expect(page.locator('a[href*="evil.example"]')).toHaveCount(0);
  await expect(report).toContainText('The reporter asked to hear how it ends (one mail).');
  await expectNoSeriousA11yViolations(page);
  await report.getByLabel(/^Note/).fill('Venue corrected with the trainer.');
  await report.getByRole('button', { name: 'Mark fixed' }).click();
  await expect(page.getByText('Report marked fixed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reports ended lately' })).toContainText(
    'Venue corrected with the trainer.',
  );
});

test('the team says the details are current, and the training page shows the date', async ({ page, request }) => {
  const [, training] = await publicTrainings(request);
  await signInByApi(page);
  await page.goto(`/admin/trainings/${training!.id}`);
  const section = page.getByRole('region', { name: 'Are these details current?' });
  await section.getByRole('button', { name: 'These details are current' }).click();
  await expect(section.getByRole('status')).toContainText('Details confirmed on');
  await expectNoSeriousA11yViolations(page);
  await until(request, `/training/${training!.id}`, (body) => expect(body).toContain('Details confirmed on'));
  await page.goto(`/training/${training!.id}`);
  await expect(page.getByTestId('details-confirmed')).toHaveText(/^Details confirmed on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
});

test('a verified trainer wears the badge; a check over 12 months old is no badge to the public, "Verification due" to the team', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const trainingId = (await publicTrainings(request)).at(-1)!.id;
  const trainerId = (await admin.call('GET', '/api/admin/trainings')).body.find(
    (t: { id: string }) => t.id === trainingId,
  ).trainerId;
  const slug = (await admin.call('GET', `/api/trainers/${trainerId}`)).body.slug as string;
  await signInByApi(page);
  await page.goto(`/admin/trainers/${trainerId}`);
  const checks = page.getByRole('region', { name: 'Credential checks' });
  await checks.getByLabel('Credential').selectOption('emdria-approved-trainer');
  await checks.getByLabel('Checked on').fill(isoDaysAgo(10));
  await checks.getByLabel('Evidence (private to the team)').fill('EMDRIA directory, looked up by phone too');
  await checks.getByRole('button', { name: 'Record check' }).click();
  await expect(page.getByText('Credential check recorded')).toBeVisible();
  const month = new Date(`${isoDaysAgo(10)}T12:00:00Z`).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const badge = `Verified EMDRIA Approved Trainer · ${month}`;
  await expect(checks.getByText(badge)).toBeVisible();
  const old = await admin.call('POST', `/api/admin/trainers/${trainerId}/credential-checks`, {
    credential: 'state-license',
    licenseNumber: 'PSY 4455',
    licenseState: 'CA',
    checkedOn: isoDaysAgo(400),
    evidenceNote: 'Board lookup',
  });
  expect(old.status).toBe(201);
  await page.reload();
  await expect(checks.getByText('Verification due: California license PSY 4455')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await until(request, `/trainers/${slug}`, (body) => expect(body).toContain(badge));
  await page.goto(`/trainers/${slug}`);
  await expect(
    page.getByRole('list', { name: 'Verified credentials' }).getByRole('link', { name: badge }),
  ).toHaveAttribute('href', '/how-it-works#verified');
  await expect(page.getByText(/California license/)).toHaveCount(0);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd.mainEntity.hasCredential.map((c: { name: string }) => c.name)).toEqual(['EMDRIA Approved Trainer']);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/training/${trainingId}`);
  await expect(page.getByRole('region', { name: 'About the Trainer' }).getByText(badge)).toBeVisible();
});
