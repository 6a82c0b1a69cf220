import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';
import { adminClient, untilSiteIdle, type AdminClient } from '../support/adminClient';

/**
 * One status in both lists (docs/product.md, One status): a partner's new training waiting, a live
 * training with a change waiting, one whose change was not approved and one whose change was approved;
 * the partner's list keeps the live values; "Preview" of a never-live training opens its preview;
 * the review page in labels and the training's zone; no clipped column at 1280 px. Axe on each page;
 * screenshots of the partner's list and the review page to docs/screens/.
 */
const suffix = randomBytes(3).toString('hex');
const partnerEmail = `status-${suffix}@e2e.example`;
const PASSWORD = 'a long partner passphrase';
const madeTrainers: string[] = [];

test.afterAll(async () => {
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const partners = (await admin.call('GET', '/api/admin/partners')).body.partners as { id: string; email: string }[];
  for (const partner of partners.filter((p) => p.email === partnerEmail))
    expect((await admin.call('DELETE', `/api/admin/partners/${partner.id}`)).status).toBe(200);
  for (const id of madeTrainers.splice(0))
    expect((await admin.call('DELETE', `/api/admin/trainers/${id}`)).status).toBe(200);
  await untilSiteIdle(admin);
});

const training = (trainerId: string, title: string, price: number) => ({
  trainerId,
  title,
  description: 'Two days of EMDR practice with supervised triads and the eight phases.',
  price,
  startDate: '2027-10-02T16:00:00.000Z',
  endDate: '2027-10-03T23:00:00.000Z',
  timeZone: 'America/Los_Angeles',
  format: 'Virtual',
  location: 'Zoom',
  thinkificUrl: 'https://emdr.thinkific.com/courses/status',
  isPublished: true,
});

async function partnerFor(owner: AdminClient, trainerId: string): Promise<AdminClient> {
  const base = process.env.E2E_BASE_URL!;
  const invited = await owner.call('POST', '/api/admin/invitations', {
    email: partnerEmail,
    role: 'partner',
    trainerIds: [trainerId],
  });
  expect(invited.status).toBe(201);
  const token = new URL(invited.body.url as string).pathname.split('/').pop()!;
  const accepted = await fetch(`${base}/api/admin/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(accepted.status).toBe(201);
  return adminClient(base, partnerEmail, PASSWORD);
}

async function decide(owner: AdminClient, recordId: string, how: 'approve' | 'reject', reason?: string) {
  const queue = (await owner.call('GET', '/api/admin/reviews')).body.submissions as { id: string; recordId: string }[];
  const id = queue.find((s) => s.recordId === recordId)!.id;
  const etag = (await owner.call('GET', `/api/admin/reviews/${id}`)).headers.get('etag')!;
  const body = how === 'reject' ? { reason } : undefined;
  expect((await owner.call('POST', `/api/admin/reviews/${id}/${how}`, body, { 'if-match': etag })).status).toBe(200);
  return id;
}

/** Every column fits the table at this width: nothing sticks out on the right, titles wrap little. */
async function expectNoClippedColumn(page: Page) {
  const table = page.locator('table').first();
  const box = (await table.boundingBox())!;
  const frame = (await page.locator('table').first().locator('xpath=..').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  for (const button of await page.getByRole('button', { name: /^Delete / }).all()) {
    const b = (await button.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  }
  // The title itself (its first text): at most three lines, never the four or five of a squeezed column.
  for (const cell of await page.locator('tbody tr td:first-child').all()) {
    const lines = await cell.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el.firstChild!);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBeLessThanOrEqual(3);
  }
}

test('the statuses in both lists, the preview, and the review page a person reads', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const owner = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await owner.call('POST', '/api/admin/trainers', {
    name: `Dr. Status ${suffix}`,
    bio: 'Trains clinicians in EMDR therapy.',
    credentials: 'PhD',
    statesServed: ['OR'],
  });
  expect(trainer.status).toBe(201);
  const trainerId = trainer.body.id as string;
  madeTrainers.push(trainerId);
  const live = async (title: string) => {
    const made = await owner.call('POST', '/api/admin/trainings', training(trainerId, title, 800));
    expect(made.status).toBe(201);
    return made.body.id as string;
  };
  const pendingChange = await live(`Salem Live ${suffix}`);
  const rejectedChange = await live(`Eugene Live ${suffix}`);
  const approvedChange = await live(`Portland Live ${suffix}`);
  const partner = await partnerFor(owner, trainerId);
  const created = await partner.call('POST', '/api/admin/trainings', training(trainerId, `Bend New ${suffix}`, 950));
  expect(created.status).toBe(201);
  const neverLive = created.body.id as string;
  expect(
    (
      await partner.call('PATCH', `/api/admin/trainings/${pendingChange}`, {
        title: `Salem Proposed ${suffix}`,
        price: 1100,
      })
    ).status,
  ).toBe(202);
  expect((await partner.call('PATCH', `/api/admin/trainings/${rejectedChange}`, { price: 1500 })).status).toBe(202);
  await decide(owner, rejectedChange, 'reject', 'Your own page says $800.');
  expect((await partner.call('PATCH', `/api/admin/trainings/${approvedChange}`, { price: 850 })).status).toBe(202);
  await decide(owner, approvedChange, 'approve');

  // The partner's list: the live values, the one status, the badges.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const mine = await context.newPage();
  await mine.goto('/admin/login', { waitUntil: 'commit' });
  await mine.getByLabel('Email').fill(partnerEmail);
  await mine.getByLabel('Password').fill(PASSWORD);
  await mine.getByRole('button', { name: 'Login' }).click();
  await expect(mine).toHaveURL(/\/account\/trainings$/);
  const rowOf = (title: string) => mine.getByRole('row').filter({ hasText: title });
  await expect(rowOf(`Bend New ${suffix}`)).toContainText('Waiting for review');
  await expect(rowOf(`Bend New ${suffix}`)).not.toContainText('Published');
  await expect(rowOf(`Salem Live ${suffix}`)).toContainText('Published with a change waiting');
  await expect(rowOf(`Salem Live ${suffix}`)).toContainText('Change waiting for review');
  await expect(rowOf(`Salem Live ${suffix}`)).toContainText('$800');
  await expect(mine.getByText(`Salem Proposed ${suffix}`)).toHaveCount(0);
  await expect(rowOf(`Eugene Live ${suffix}`)).toContainText('Not approved: Your own page says $800.');
  await expect(rowOf(`Eugene Live ${suffix}`)).toContainText('$800');
  await expect(rowOf(`Portland Live ${suffix}`)).toContainText('Published');
  await expect(rowOf(`Portland Live ${suffix}`)).toContainText('$850');
  await expectNoClippedColumn(mine);
  await expectNoSeriousA11yViolations(mine);
  await mine.screenshot({ path: 'docs/screens/partner-trainings-1280.png', fullPage: true });
  await mine.setViewportSize({ width: 390, height: 844 });
  // A phone: a list of cards, the actions in reach without scrolling sideways.
  const del = mine.getByRole('button', { name: `Delete Bend New ${suffix}` });
  await del.scrollIntoViewIfNeeded();
  const b = (await del.boundingBox())!;
  expect(b.x + b.width).toBeLessThanOrEqual(390);
  await mine.screenshot({ path: 'docs/screens/partner-trainings-390.png', fullPage: true });
  await mine.setViewportSize({ width: 1280, height: 900 });

  // "Preview" of the never-live training: its preview, never "Training not found".
  await mine.getByRole('link', { name: `Preview Bend New ${suffix}` }).click();
  await expect(mine).toHaveURL(new RegExp(`/account/trainings/${neverLive}/preview$`));
  await expect(mine.getByText('Preview of the version waiting for review')).toBeVisible();
  await expect(mine.getByRole('heading', { level: 1, name: `Bend New ${suffix}` })).toBeVisible();
  await expect(mine.getByText('Training not found')).toHaveCount(0);
  await expectNoSeriousA11yViolations(mine);
  await context.close();

  // The team's list says the same, and filters what waits.
  await signIn(page);
  await page.goto('/admin/trainings?status=waiting');
  const teamRow = (title: string) => page.getByRole('row').filter({ hasText: title });
  await expect(teamRow(`Bend New ${suffix}`)).toContainText('Waiting for review');
  await expect(teamRow(`Salem Live ${suffix}`)).toContainText('Published with a change waiting');
  await expect(teamRow(`Salem Live ${suffix}`)).toContainText(`Dr. Status ${suffix}`);
  await expect(teamRow(`Portland Live ${suffix}`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/admin/trainings');
  await expectNoClippedColumn(page);

  // The review page of the new training: labels, the zone, no key and no ISO timestamp.
  const queue = (await owner.call('GET', '/api/admin/reviews')).body.submissions as { id: string; recordId: string }[];
  await page.goto(`/admin/reviews/${queue.find((s) => s.recordId === neverLive)!.id}`);
  const main = page.locator('main');
  await expect(main.getByRole('rowheader', { name: 'Training Title' })).toBeVisible();
  await expect(main.getByRole('rowheader', { name: 'Price (USD)' })).toBeVisible();
  await expect(main.getByRole('rowheader', { name: 'Trainer' })).toBeVisible();
  await expect(main).toContainText(`Dr. Status ${suffix}`);
  await expect(main).toContainText('Oct 2, 2027, 9:00 AM PDT');
  await expect(main.getByRole('heading', { name: 'What to check' })).toBeVisible();
  await expect(main).toContainText('No CE approvals');
  await expect(main.getByRole('link', { name: /Open the preview/ })).toBeVisible();
  const text = await main.innerText();
  expect(text).not.toMatch(
    /\b(trainerId|isPublished|eligibleLicenses|completionWindowMonths|thinkificUrl|ceCredits)\b/,
  );
  expect(text).not.toMatch(/\b[a-z]+[A-Z][a-zA-Z]*\b/);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'docs/screens/review-page-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'docs/screens/review-page-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The change's review page: only the changed fields, the long text's words marked.
  await page.goto(`/admin/reviews/${queue.find((s) => s.recordId === pendingChange)!.id}`);
  const labels = await page.locator('main tbody th[scope="row"]').allInnerTexts();
  expect(labels).toEqual(['Training Title', 'Price (USD)']);
  await expect(page.locator('main')).toContainText('Price change over 20 %: $800 to $1,100.');
});
