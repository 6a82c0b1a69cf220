import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';
import { adminClient, untilSiteIdle, type AdminClient } from '../support/adminClient';

/**
 * The review queue (docs/product.md, Review queue): a partner (invited and accepted through the API)
 * submits a new training and a price change; a reviewer approves the one and rejects the other from
 * /admin/reviews, clicking as early as a person can. The approved training reaches the public API;
 * the rejected price never does. Axe on the queue and on a submission.
 */
const suffix = randomBytes(3).toString('hex');
const partnerEmail = `reviewed-${suffix}@e2e.example`;
const soldOutEmail = `sold-out-${suffix}@e2e.example`;
const PASSWORD = 'a long partner passphrase';
const madeTrainers: string[] = [];

test.afterAll(async () => {
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const partners = (await admin.call('GET', '/api/admin/partners')).body.partners as { id: string; email: string }[];
  for (const partner of partners.filter((p) => [partnerEmail, soldOutEmail].includes(p.email)))
    expect((await admin.call('DELETE', `/api/admin/partners/${partner.id}`)).status).toBe(200);
  for (const id of madeTrainers.splice(0))
    expect((await admin.call('DELETE', `/api/admin/trainers/${id}`)).status).toBe(200);
  await untilSiteIdle(admin);
});

const training = (trainerId: string, title: string, price: number) => ({
  trainerId,
  title,
  description: 'Two days of EMDR practice.',
  price,
  startDate: '2027-10-02T16:00:00.000Z',
  endDate: '2027-10-03T23:00:00.000Z',
  format: 'Virtual',
  location: 'Zoom',
  thinkificUrl: 'https://emdr.thinkific.com/courses/reviewed',
  isPublished: true,
});

/**
 * The partner in a browser of their own, signed in through a login page (the team's or the
 * partners'; either lands on their trainings): the window a partner edits in.
 */
async function partnerWindow(browser: Browser, baseURL: string | undefined, email: string, login: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(login, { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/account\/trainings$/);
  return { context, page };
}

/** A partner for one trainer, as an accepted invitation leaves them, signed in with their own client. */
async function partnerFor(owner: AdminClient, trainerId: string, email = partnerEmail): Promise<AdminClient> {
  const base = process.env.E2E_BASE_URL!;
  const invited = await owner.call('POST', '/api/admin/invitations', {
    email,
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
  return adminClient(base, email, PASSWORD);
}

test('a reviewer approves a partner’s new training and rejects a price change with a reason', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await owner.call('POST', '/api/admin/trainers', {
    name: `Dr. Reviewed ${suffix}`,
    bio: 'Trains clinicians in EMDR therapy.',
    credentials: 'PhD',
    statesServed: ['OR'],
  });
  expect(trainer.status).toBe(201);
  const trainerId = trainer.body.id as string;
  madeTrainers.push(trainerId);
  const live = await owner.call('POST', '/api/admin/trainings', training(trainerId, `Salem Live ${suffix}`, 800));
  expect(live.status).toBe(201);
  const partner = await partnerFor(owner, trainerId);

  const created = await partner.call('POST', '/api/admin/trainings', training(trainerId, `Bend New ${suffix}`, 950));
  expect(created.status).toBe(201);
  expect(created.body.reviewStatus).toBe('pending');
  const edited = await partner.call('PATCH', `/api/admin/trainings/${live.body.id}`, { price: 1100 });
  expect(edited.status).toBe(202);
  expect((await page.request.get(`/api/trainings/${created.body.id}`)).status()).toBe(404);

  // The partner's own form shows the version waiting, not the public one.
  const { context: partnerContext, page: partnerPage } = await partnerWindow(
    browser,
    baseURL,
    partnerEmail,
    '/admin/login',
  );
  await partnerPage.goto(`/account/trainings/${live.body.id}`);
  await expect(partnerPage.getByText(/^Waiting for review since /)).toBeVisible();
  await expect(partnerPage.getByLabel('Price (USD) *')).toHaveValue('1100');
  await expectNoSeriousA11yViolations(partnerPage);

  // Their trainer profile waits too: the public profile keeps the approved bio, their form shows theirs.
  const profile = await partner.call('PATCH', `/api/admin/trainers/${trainerId}`, {
    name: `Dr. Reviewed ${suffix}`,
    bio: 'Now also trains consultants.',
    credentials: 'PhD',
    photo: null,
    statesServed: ['OR'],
  });
  expect(profile.status).toBe(202);
  expect((await (await page.request.get(`/api/trainers/${trainerId}`)).json()).bio).toBe(
    'Trains clinicians in EMDR therapy.',
  );
  await partnerPage.goto(`/account/profile/${trainerId}`);
  await expect(partnerPage.getByText(/^Waiting for review since /)).toBeVisible();
  await expect(partnerPage.getByLabel('Bio *')).toHaveValue('Now also trains consultants.');
  await expectNoSeriousA11yViolations(partnerPage);
  await partnerPage.goto(`/account/trainings/${live.body.id}`);

  await signIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  const queue = page.getByRole('region', { name: /Waiting for review/ });
  await expect(queue.getByRole('row', { name: new RegExp(`Bend New ${suffix}`) })).toContainText(partnerEmail);
  await expect(page.getByRole('region', { name: /Open listing problems/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Approve the new training as soon as its page shows.
  await queue.getByRole('link', { name: `Bend New ${suffix}` }).click();
  await expect(page.getByRole('heading', { name: `Bend New ${suffix}` })).toBeVisible();
  await expect(page.getByRole('row', { name: /Price \(USD\)/ })).toContainText('$950');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await expect(page.getByText('Approved: it is published with the next update')).toBeVisible();
  expect((await page.request.get(`/api/trainings/${created.body.id}`)).status()).toBe(200);

  // Reject the price change: the reason is required, and says so on its field.
  await page.getByRole('link', { name: `Salem Live ${suffix}` }).click();
  await expect(page.getByRole('row', { name: /Price \(USD\)/ })).toContainText('$1,100');
  await page.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Say why, so the partner can fix it')).toBeVisible();
  const reason = page.getByLabel('Reason for rejecting (the partner reads it)');
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await reason.fill('Your own page still says $800.');
  await reason.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  await expect(page.getByText('Rejected: the partner is told why')).toBeVisible();
  expect((await (await page.request.get(`/api/trainings/${live.body.id}`)).json()).price).toBe(800);
  await partnerPage.reload();
  await expect(partnerPage.getByText('Not approved: Your own page still says $800.', { exact: false })).toBeVisible();
  await partnerContext.close();

  // The profile edit shows its bio before and after; approving it makes it public.
  await page.getByRole('link', { name: `Dr. Reviewed ${suffix}`, exact: true }).click();
  await expect(page.getByRole('row', { name: /bio/ })).toContainText('Now also trains consultants.');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/admin\/reviews$/);
  expect((await (await page.request.get(`/api/trainers/${trainerId}`)).json()).bio).toBe(
    'Now also trains consultants.',
  );
  const mine = (await partner.call('GET', '/api/admin/trainings')).body as { id: string; rejectedReason?: string }[];
  expect(mine.find((t) => t.id === live.body.id)?.rejectedReason).toBe('Your own page still says $800.');
});

test('a partner marks their live training sold out: no review, the public page says so after the usual publish', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const owner = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await owner.call('POST', '/api/admin/trainers', { name: `Dr. Sold ${suffix}`, bio: 'Trains.' });
  expect(trainer.status).toBe(201);
  madeTrainers.push(trainer.body.id as string);
  const title = `Eugene Full ${suffix}`;
  const live = await owner.call('POST', '/api/admin/trainings', training(trainer.body.id as string, title, 800));
  expect(live.status).toBe(201);
  await partnerFor(owner, trainer.body.id as string, soldOutEmail);

  const { context: partnerContext, page: partnerPage } = await partnerWindow(
    browser,
    baseURL,
    soldOutEmail,
    '/account/login',
  );
  const toggle = partnerPage.getByRole('switch', { name: `Sold out: ${title}` });
  await toggle.click();
  await expect(partnerPage.getByText('Training availability updated')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expectNoSeriousA11yViolations(partnerPage);
  await partnerContext.close();

  // Nothing waits for a reviewer: the queue has nothing of it, and the public page follows.
  const queue = await owner.call('GET', '/api/admin/reviews');
  expect(JSON.stringify(queue.body)).not.toContain(title);
  await expect(async () => {
    await page.goto(`/training/${live.body.id}`);
    await expect(
      page.getByRole('complementary', { name: 'Registration' }).getByRole('button', { name: 'Sold out' }),
    ).toBeDisabled({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
});
