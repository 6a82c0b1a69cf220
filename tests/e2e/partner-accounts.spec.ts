import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { simpleParser, type ParsedMail } from 'mailparser';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';
import { adminClient, untilSiteIdle } from '../support/adminClient';

/**
 * Partner accounts (docs/product.md, Partners): the owner invites a partner for trainer A from A's
 * admin page; the partner opens the mailed link in a browser of their own, chooses a password, lands
 * on "My trainings" with only A's trainings, and another trainer's training is "not found". The mail
 * is the server's own (its mailer writes the outbox folder: the e2e server has no SMTP_URL; delivery
 * to a real SMTP server is tests/integration/partner-accounts.test.ts).
 */
const suffix = randomBytes(3).toString('hex');
const madeTrainers: string[] = [];
const partnerEmail = `partner-${suffix}@e2e.example`;

test.afterAll(async () => {
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const partners = (await admin.call('GET', '/api/admin/partners')).body.partners as { id: string; email: string }[];
  for (const partner of partners.filter((p) => p.email === partnerEmail))
    expect((await admin.call('DELETE', `/api/admin/partners/${partner.id}`)).status).toBe(200);
  for (const id of madeTrainers.splice(0))
    expect((await admin.call('DELETE', `/api/admin/trainers/${id}`)).status).toBe(200);
  await untilSiteIdle(admin);
});

async function trainerWithTraining(name: string, title: string) {
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await admin.call('POST', '/api/admin/trainers', {
    name,
    bio: 'Trains clinicians in EMDR therapy.',
    credentials: 'PhD',
    statesServed: ['OR'],
  });
  expect(trainer.status).toBe(201);
  madeTrainers.push(trainer.body.id as string);
  const training = await admin.call('POST', '/api/admin/trainings', {
    trainerId: trainer.body.id,
    title,
    description: 'Two days of EMDR practice.',
    price: 800,
    startDate: '2027-11-06T16:00:00.000Z',
    endDate: '2027-11-07T23:00:00.000Z',
    format: 'Virtual',
    location: 'Zoom',
    thinkificUrl: 'https://emdr.thinkific.com/courses/partner',
    isPublished: false,
  });
  expect(training.status).toBe(201);
  return { trainerId: trainer.body.id as string, trainingId: training.body.id as string };
}

async function mailTo(address: string): Promise<ParsedMail> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const name of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          const mail = await simpleParser(fs.readFileSync(path.join(outbox, name)));
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          if (to.includes(address)) found = mail;
        }
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test('the owner invites a partner for trainer A, who sees only A’s trainings and not another’s', async ({
  page,
  browser,
  baseURL,
}) => {
  const a = await trainerWithTraining(`Dr. Partnered ${suffix}`, `Portland EMDR Basics ${suffix}`);
  const b = await trainerWithTraining(`Dr. Other ${suffix}`, `Eugene EMDR Basics ${suffix}`);

  await signIn(page);
  await page.goto(`/admin/trainers/${a.trainerId}`);
  const section = page.getByRole('region', { name: 'Invite this trainer to manage their listings' });
  await expect(section.getByText('No partner account keeps this profile yet.')).toBeVisible();
  await section.getByLabel('Email').fill(partnerEmail);
  await section.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation created for ${partnerEmail}`)).toBeVisible();
  const url = await section.getByLabel('Invitation link').inputValue();
  expect(url).toMatch(/\/account\/invite\/[\w-]{43}$/);
  await expectNoSeriousA11yViolations(page);

  const mail = await mailTo(partnerEmail);
  expect(mail.subject).toBe('You are invited to manage your trainer listings on EMDR Training');
  expect(mail.text).toContain(url);

  // The partner, in a browser of their own: the link names the public site; this server is baseURL.
  const partnerContext = await browser.newContext({ baseURL });
  const partner = await partnerContext.newPage();
  await partner.goto(new URL(url).pathname);
  await expect(partner.getByRole('heading', { name: 'Manage your trainer listings' })).toBeVisible();
  await expectNoSeriousA11yViolations(partner);
  await partner.getByLabel('Password').fill('a long partner passphrase');
  await partner.getByRole('button', { name: 'Create my account' }).click();
  await expect(partner).toHaveURL(/\/account\/trainings$/);
  await expect(partner.getByRole('heading', { name: 'My trainings' })).toBeVisible();
  const nav = partner.getByRole('navigation', { name: 'Partner account' });
  await expect(nav.getByRole('link')).toHaveText([
    'My trainings',
    'My trainer profile',
    'Import',
    'Performance',
    'Account',
  ]);
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(partner.getByRole('cell', { name: `Portland EMDR Basics ${suffix}`, exact: true })).toBeVisible();
  // The header and A's one training: nothing of the demo trainers or of B.
  await expect(partner.getByRole('row')).toHaveCount(2);
  await expect(partner.getByText(`Eugene EMDR Basics ${suffix}`)).toHaveCount(0);
  await expectNoSeriousA11yViolations(partner);

  // Their own training opens; another trainer's is not found; the team's pages send them home.
  await partner.goto(`/account/trainings/${a.trainingId}`);
  await expect(partner.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  const other = await partner.goto(`/account/trainings/${b.trainingId}`);
  expect(other?.status()).toBe(404);
  await expect(partner.getByRole('heading', { name: 'Training not found' })).toBeVisible();
  await partner.goto(`/admin/trainings/${b.trainingId}`);
  await expect(partner).toHaveURL(/\/account\/trainings$/);
  expect(partner.url()).not.toContain('/admin');

  // Their other pages: the profile is A's, Performance names A only, Account has their sign-in settings.
  await nav.getByRole('link', { name: 'My trainer profile' }).click();
  await expect(partner.getByLabel('Name')).toHaveValue(`Dr. Partnered ${suffix}`);
  await expectNoSeriousA11yViolations(partner);
  await nav.getByRole('link', { name: 'Performance' }).click();
  await expect(partner.getByRole('heading', { name: 'Performance', level: 1 })).toBeVisible();
  await expect(partner.getByRole('option', { name: `Dr. Other ${suffix}` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(partner);
  await nav.getByRole('link', { name: 'Account' }).click();
  await expect(partner.getByText(`Signed in as ${partnerEmail}`)).toBeVisible();
  await expectNoSeriousA11yViolations(partner);

  // Logout leads to the partner's own sign-in page (no "admin" in sight), which signs them in again.
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(partner).toHaveURL(/\/account\/login$/);
  await expect(partner.getByRole('heading', { name: 'Partner sign-in' })).toBeVisible();
  await expectNoSeriousA11yViolations(partner);
  await partner.goto('/account/trainings');
  await expect(partner).toHaveURL(/\/account\/login$/);
  await partner.getByLabel('Email').fill(partnerEmail);
  await partner.getByLabel('Password').fill('a long partner passphrase');
  await partner.getByRole('button', { name: 'Login' }).click();
  await expect(partner).toHaveURL(/\/account\/trainings$/);
  expect(partner.url()).not.toContain('/admin');

  // The owner sees the partner on A's page.
  await page.reload();
  await expect(section.getByText(partnerEmail)).toBeVisible();
  await partnerContext.close();
});
