import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { e2eSql, signInByApi } from './adminSession';
import { adminClient, untilSiteIdle } from '../support/adminClient';

/**
 * The team's Partners page and a partner's first hour (docs/product.md, Partners): the owner sees each
 * partner and the open invitations, sends one again and withdraws another (the step-up dialog says
 * what is being done, and the withdrawn link is refused); a new partner reads the first-visit panel and
 * puts it away for good; their Performance shows the Register rate beside the previous period, with no
 * trainer picker for their one profile. At 1280 px and on a 390×844 phone, axe on each.
 */
const suffix = randomBytes(3).toString('hex');
const madeTrainers: string[] = [];
const PASSWORD = 'a long partner passphrase';
const site = () => process.env.E2E_BASE_URL!;

test.afterAll(async () => {
  const admin = await adminClient(site());
  const partners = (await admin.call('GET', '/api/admin/partners')).body.partners as { id: string; email: string }[];
  for (const partner of partners.filter((p) => p.email.includes(suffix)))
    await admin.call('DELETE', `/api/admin/partners/${partner.id}`);
  for (const invitation of (await admin.call('GET', '/api/admin/partner-invitations')).body.invitations as {
    id: string;
    email: string;
  }[])
    if (invitation.email.includes(suffix))
      await admin.call('DELETE', `/api/admin/partner-invitations/${invitation.id}`);
  for (const id of madeTrainers.splice(0)) await admin.call('DELETE', `/api/admin/trainers/${id}`);
  await untilSiteIdle(admin);
});

async function trainer(name: string): Promise<string> {
  const admin = await adminClient(site());
  const made = await admin.call('POST', '/api/admin/trainers', {
    name,
    bio: 'Trains clinicians in EMDR therapy.',
    credentials: 'PhD',
    statesServed: ['OR'],
  });
  expect(made.status).toBe(201);
  madeTrainers.push(made.body.id as string);
  return made.body.id as string;
}

async function invite(email: string, trainerIds: string[]): Promise<{ id: string; url: string }> {
  const admin = await adminClient(site());
  const made = await admin.call('POST', '/api/admin/invitations', { email, role: 'partner', trainerIds });
  expect(made.status).toBe(201);
  return made.body as { id: string; url: string };
}

/** A partner of `trainerIds` signed in within a browser context of their own. */
async function partnerPage(browser: Browser, email: string, trainerIds: string[], phone = false): Promise<Page> {
  const { url } = await invite(email, trainerIds);
  const context = await browser.newContext({
    baseURL: site(),
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const token = new URL(url).pathname.split('/').pop()!;
  const accepted = await page.request.post(`/api/admin/invitations/${token}/accept`, {
    headers: { origin: site() },
    data: { password: PASSWORD },
  });
  expect(accepted.status()).toBe(201);
  return page;
}

// Two screens and several sign-ins each, on a machine others share.
test.describe.configure({ timeout: 240_000 });

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test('the Partners page lists partners and open invitations; Resend and Withdraw work, stepped up in words of their own', async ({
  page,
}) => {
  const trainerId = await trainer(`Dr. Overview ${suffix}`);
  const waiting = await invite(`waiting-${suffix}@e2e.example`, [trainerId]);
  const other = await invite(`other-${suffix}@e2e.example`, [trainerId]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInByApi(page);
  await page.goto('/admin/partners');
  await expect(page.getByRole('heading', { level: 1, name: 'Partners' })).toBeVisible();
  const invitations = page.getByRole('region', { name: /^Open invitations/ });
  const row = invitations.getByRole('row', { name: new RegExp(`waiting-${suffix}`) });
  await expect(row).toContainText(`Dr. Overview ${suffix}`);
  await expect(row).toContainText(/UTC/);
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `.tools/screens/partners-1280.png`, fullPage: true });

  await row.getByRole('button', { name: `Resend the invitation of waiting-${suffix}@e2e.example` }).click();
  const newLink = page.getByLabel(`The new link for waiting-${suffix}@e2e.example (the old one no longer works)`);
  await expect(newLink).toHaveValue(/\/account\/invite\//);
  const oldPage = await page.context().newPage();
  await oldPage.goto(`/account/invite/${new URL(waiting.url).pathname.split('/').pop()}`);
  await expect(oldPage.getByText('This invitation link is not valid: it was used or withdrawn')).toBeVisible();
  await oldPage.close();

  // A stale step-up: the dialog asks, saying what the change does, not the sign-in sentence.
  const sql = e2eSql();
  try {
    await sql`update admin_sessions set stepped_up_at = now() - interval '1 hour'`;
  } finally {
    await sql.end();
  }
  await invitations.getByRole('button', { name: `Withdraw the invitation of other-${suffix}@e2e.example` }).click();
  await page
    .getByRole('dialog', { name: 'Withdraw this invitation?' })
    .getByRole('button', { name: 'Withdraw' })
    .click();
  const stepUp = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(stepUp).toContainText('Withdrawing the invitation makes its link stop working.');
  await expect(stepUp).not.toContainText('sign in');
  await stepUp.getByLabel('Password').fill(process.env.ADMIN_PASSWORD!);
  await stepUp.getByRole('button', { name: 'Confirm' }).click();
  await expect(stepUp).toBeHidden();
  await expect(page.getByText(`The invitation of other-${suffix}@e2e.example no longer works`)).toBeVisible();
  await expect(invitations.getByRole('row', { name: new RegExp(`other-${suffix}`) })).toHaveCount(0);
  const refused = await page.request.post(
    `/api/admin/invitations/${new URL(other.url).pathname.split('/').pop()}/accept`,
    { headers: { origin: site() }, data: { password: PASSWORD } },
  );
  expect(refused.status()).toBe(404);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const card = page.getByRole('row', { name: new RegExp(`waiting-${suffix}`) });
  await expect(card.getByRole('button', { name: /^Withdraw the invitation/ })).toBeInViewport({ ratio: 1 });
  expect(await noSidewaysScroll(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `.tools/screens/partners-390.png`, fullPage: true });
});

test('a new partner reads the first-visit panel and puts it away for good', async ({ browser }) => {
  const trainerId = await trainer(`Dr. First ${suffix}`);
  for (const phone of [false, true]) {
    const page = await partnerPage(
      browser,
      `first-${phone ? 'phone' : 'wide'}-${suffix}@e2e.example`,
      [trainerId],
      phone,
    );
    await page.goto('/account/trainings');
    const panel = page.getByRole('region', { name: 'How your listings go live' });
    await expect(panel).toContainText('How long it takes:');
    await expect(panel).toContainText('Live at once, without review');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `.tools/screens/first-visit-${phone ? 390 : 1280}.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Got it, hide this' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The introduction is hidden' })).toBeFocused();
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'My Trainings' }).or(page.getByRole('heading', { level: 1 })),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'How your listings go live' })).toHaveCount(0);
    await page.context().close();
  }
});

test('a partner’s Performance shows the Register rate beside the previous period, with no trainer picker', async ({
  browser,
}) => {
  const trainerId = await trainer(`Dr. Figures ${suffix}`);
  const admin = await adminClient(site());
  const training = await admin.call('POST', '/api/admin/trainings', {
    trainerId,
    title: `Figures training ${suffix}`,
    description: 'Two days of EMDR practice.',
    price: 800,
    startDate: '2027-11-06T16:00:00.000Z',
    endDate: '2027-11-07T23:00:00.000Z',
    format: 'Virtual',
    location: 'Zoom',
    thinkificUrl: 'https://emdr.thinkific.com/courses/figures',
    isPublished: false,
  });
  expect(training.status).toBe(201);
  const sql = e2eSql();
  try {
    for (const [daysAgo, type, count] of [
      [1, 'view', 50],
      [1, 'register', 4],
      [40, 'view', 20],
      [40, 'register', 1],
    ] as const)
      await sql`insert into listing_event_counts (training_id, day, type, count)
        values (${training.body.id as string}, (now() at time zone 'utc')::date - ${daysAgo}::int, ${type}, ${count})`;
  } finally {
    await sql.end();
  }
  for (const phone of [false, true]) {
    const page = await partnerPage(
      browser,
      `figures-${phone ? 'phone' : 'wide'}-${suffix}@e2e.example`,
      [trainerId],
      phone,
    );
    await page.goto('/account/performance');
    await expect(page.getByLabel('Trainer')).toHaveCount(0);
    await expect(page.getByText(`Dr. Figures ${suffix}`).first()).toBeVisible();
    const totals = page.getByRole('region', { name: /^Totals/ });
    await expect(totals.getByRole('columnheader', { name: /Previous period/ })).toBeVisible();
    const rate = totals.getByRole('row', { name: /^Register rate/ });
    await expect(rate.getByRole('cell').nth(0)).toHaveText('8.0 %');
    await expect(rate.getByRole('cell').nth(1)).toHaveText('5.0 %');
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `.tools/screens/performance-${phone ? 390 : 1280}.png`, fullPage: true });
    await page.context().close();
  }
});
