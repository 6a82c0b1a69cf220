import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { invitedMember } from './adminHelpers';
import { e2eSql } from './adminSession';
import { startSmtp } from '../support/smtp';
import { startServer, tempDir, waitFor, type RunningServer } from '../support/server';

/**
 * Passwords for members who are not on the server (docs/product.md, Passwords), in a browser:
 * "Forgot password?" on both sign-in pages, the link mailed through a real SMTP server on 127.0.0.1
 * to a server of this spec's own (the shared one has no SMTP_URL), the old session ended and the
 * used link refused; "Change password" on the Account page after "Confirm it's you".
 */
const SITE_URL = 'http://localhost:4321';
const OWNER = 'owner@reset.example';
const OWNER_PASSWORD = randomBytes(12).toString('base64url');
const dataDir = tempDir('emdr-e2e-reset-');
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  smtp = await startSmtp();
  server = await startServer({
    dataDir,
    env: {
      SMTP_URL: smtp.url,
      SITE_URL,
      ADMIN_EMAIL: OWNER,
      ADMIN_PASSWORD: OWNER_PASSWORD,
      SEED_DEMO: '0',
      REBUILD_DEBOUNCE_MS: '3600000',
    },
    timeoutMs: 230_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a forgotten password is reset by the mailed link: the old session ends, the link works once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Signed in somewhere else, before the reset.
  const elsewhere = await browser.newContext();
  const signedIn = await elsewhere.request.post(`${server.url}/api/admin/login`, {
    headers: { origin: server.url },
    data: { email: OWNER, password: OWNER_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);

  await page.goto(`${server.url}/admin/login`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/admin\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Email').fill(OWNER);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this address, we have sent it a link');

  const mail = (await waitFor(async () => smtp.received.find((m) => m.to.includes(OWNER))))!;
  expect(mail.mail.subject).toBe('Choose a new password for EMDR Training');
  const link = /http:\/\/localhost:4321\/admin\/reset-password\/[\w-]{43}/.exec(mail.mail.text ?? '')![0];
  const onServer = link.replace(SITE_URL, server.url);
  await page.goto(onServer);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText(OWNER)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const newPassword = 'a new passphrase from the mail';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Password changed. Sign in with your new password.')).toBeVisible();

  // The session from before the reset has ended.
  const session = await elsewhere.request.get(`${server.url}/api/admin/session`);
  expect(await session.json()).toEqual({ authenticated: false });
  await elsewhere.close();

  await page.getByLabel('Email').fill(OWNER);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // The used link is refused.
  const used = await page.goto(onServer);
  expect(used!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
  await expect(page.getByText('This link is not valid: it was used, or a newer link replaced it.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('Partner sign-in is in every public page’s footer, and has its own "Forgot password?"', async ({ page }) => {
  await page.goto(`${server.url}/`);
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Partner sign-in' }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/account\/reset-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to sign-in' }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
});

test('"Change password" on the Account page asks "Confirm it\'s you" when the step-up is stale', async ({ page }) => {
  // On the shared server: a member of this test's own, signed in.
  const site = process.env.E2E_BASE_URL!;
  const member = await invitedMember(page, site, 'change-password');
  const sql = e2eSql();
  try {
    await sql`
      update admin_sessions set stepped_up_at = now() - interval '11 minutes'
      where admin_id = (select id from admin_users where lower(email) = lower(${member.email}))`;
  } finally {
    await sql.end();
  }
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const newPassword = 'a changed passphrase on the account page';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await dialog.getByLabel('Password').fill(member.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Password changed. Your other sessions were signed out.')).toBeVisible();
  const login = await page.request.post('/api/admin/login', {
    headers: { origin: site },
    data: { email: member.email, password: newPassword },
  });
  expect(login.status()).toBe(200);
});
