import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { adminClient, untilSiteIdle } from '../support/adminClient';
import { importCsv } from '../support/importFiles';

/**
 * The Import page (docs/product.md, Import), walked by a partner with the keyboard: the template to
 * download, a file chosen and previewed (new rows and an invalid one with its column and message),
 * Apply, and the trainings waiting for review on their list. Axe checks each step.
 */
const suffix = randomBytes(3).toString('hex');
const partnerEmail = `importer-${suffix}@e2e.example`;
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

test('a partner downloads the template, previews a file and applies it', async ({ page }) => {
  test.setTimeout(180_000);
  const base = process.env.E2E_BASE_URL!;
  const owner = await adminClient(base);
  const name = `Dr. Import ${suffix}`;
  const trainer = await owner.call('POST', '/api/admin/trainers', {
    name,
    bio: 'Trains clinicians in EMDR therapy.',
    credentials: 'PhD',
    statesServed: ['OR'],
  });
  expect(trainer.status).toBe(201);
  madeTrainers.push(trainer.body.id as string);
  const invited = await owner.call('POST', '/api/admin/invitations', {
    email: partnerEmail,
    role: 'partner',
    trainerIds: [trainer.body.id],
  });
  const token = new URL(invited.body.url as string).pathname.split('/').pop()!;
  const accepted = await fetch(`${base}/api/admin/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(accepted.status).toBe(201);

  await page.goto('/account/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(partnerEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/account\/trainings$/);
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import trainings' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the template (CSV)' }).click();
  const template = fs.readFileSync(await (await download).path(), 'utf8');
  expect(template.split('\r\n')[0]).toContain('Trainer,Title,Description');

  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'import-e2e-')), 'cohorts.csv');
  const row = (i: number) => ({
    trainer: name,
    title: `Portland Cohort ${i} ${suffix}`,
    start: `2027-0${i}-10 09:00`,
    end: `2027-0${i}-11 17:00`,
    state: 'OR',
    link: `https://emdr.thinkific.com/courses/import-${suffix}-${i}`,
  });
  fs.writeFileSync(file, importCsv([row(1), row(2), { ...row(3), price: 'free' }]));
  const chooser = page.getByLabel('CSV file', { exact: true });
  await expect(chooser).toBeEnabled();
  await chooser.setInputFiles(file);
  await chooser.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
  await page.keyboard.press('Enter');

  const preview = page.getByRole('heading', { name: 'Preview of cohorts.csv' });
  await expect(preview).toBeFocused();
  const counts = page.getByRole('list', { name: 'Counts' });
  await expect(counts).toContainText('New: 2');
  await expect(counts).toContainText('Invalid: 1');
  await expect(page.getByText('Price: Price must be a whole number of dollars, 0 or more')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Apply: 2 new, 0 changed' }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Import applied' })).toBeFocused();
  await expect(page.getByText('2 created, 0 changed.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Go to your trainings' }).click();
  await expect(page).toHaveURL(/\/account\/trainings$/);
  await expect(page.getByText(`Portland Cohort 1 ${suffix}`)).toBeVisible();
});
