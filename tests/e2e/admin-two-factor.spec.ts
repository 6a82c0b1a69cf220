import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { invitedMember } from './adminHelpers';

/**
 * Two-factor sign-in with an authenticator app (docs/product.md, "Two-factor sign-in"): a member
 * sets it up on the Account page, reading the key shown there as an app would, and then signs in
 * with the password and a code. Each test has a member of its own, invited by the owner, so the
 * shared admin of the other specs keeps signing in with the password alone.
 */
const site = () => process.env.E2E_BASE_URL!;

const newMember = (page: Page) => invitedMember(page, site(), 'totp');

/** A code for the next 30-second step: the current one was used to turn TOTP on, and each works once. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function typePassword(page: Page, member: { email: string; password: string }) {
  await page.goto('/admin/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a member turns on the authenticator app, signs out, and signs in with the password and a code', async ({
  page,
}) => {
  const member = await newMember(page);
  await page.goto('/admin/account');
  await expect(page.getByRole('heading', { name: 'Authenticator app' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  // The cursor is in the code field, as the step asks for it.
  await expect(page.getByLabel('Code from the app')).toBeFocused();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();

  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await typePassword(page, member);
  // The password alone is not enough: the code step, with its field focused.
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invalid code')).toBeVisible();
  await codeField.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page.getByText(`Logged in as ${member.email}`)).toBeVisible();
});

/** The member turns the app on through the API (the first test does it on the page), then signs out. */
async function enrolAndSignOut(page: Page): Promise<string[]> {
  const headers = { origin: site() };
  const started = (await (await page.request.post(`${site()}/api/admin/me/totp`, { headers })).json()) as {
    secret: string;
  };
  const verified = await page.request.post(`${site()}/api/admin/me/totp/verify`, {
    headers,
    data: { code: await generate({ secret: started.secret }) },
  });
  const { recoveryCodes } = (await verified.json()) as { recoveryCodes: string[] };
  await page.context().clearCookies();
  return recoveryCodes;
}

test('a recovery code signs in instead of the app', async ({ page }) => {
  const member = await newMember(page);
  const recoveryCodes = await enrolAndSignOut(page);

  await typePassword(page, member);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Logged in successfully')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the password form leads to a code form that signs in', async ({ page }) => {
    const member = await newMember(page);
    const recoveryCodes = await enrolAndSignOut(page);

    await typePassword(page, member);
    await expect(page).toHaveURL(/\/admin\/second-factor$/);
    await page.getByLabel('Authentication code').fill(recoveryCodes[1]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText(`Logged in as ${member.email}`)).toBeVisible();
  });
});
