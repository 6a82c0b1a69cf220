import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { invitedMember } from './adminHelpers';

/**
 * Passkeys in Chromium (docs/product.md, "Passkeys") with its virtual authenticator (CDP
 * WebAuthn domain): a member adds a passkey on the Account page and signs in with it. WebAuthn wants
 * a domain as the relying party, and an IP address is none, so this spec opens the server as
 * localhost (the passkey's RP ID is the page's host name).
 */
const site = () => process.env.E2E_BASE_URL!.replace('127.0.0.1', 'localhost');

const newMember = (page: Page) => invitedMember(page, site(), 'passkey');

async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function addPasskey(page: Page, name: string): Promise<void> {
  await page.getByLabel('Passkey name').fill(name);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText(`Passkey "${name}" added`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByText(name, { exact: true })).toBeVisible();
}

/** Logout is on the dashboard. */
async function logOut(page: Page): Promise<void> {
  await page.goto(`${site()}/admin/dashboard`);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test('a member adds a passkey on the Account page, then signs in with it and no password', async ({ page }) => {
  const member = await newMember(page);
  await virtualAuthenticator(page);
  await page.goto(`${site()}/admin/account`);
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  await addPasskey(page, 'Test laptop');
  await expect(page.getByText(/not used yet/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await logOut(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page.getByText(`Logged in as ${member.email}`)).toBeVisible();

  await page.goto(`${site()}/admin/account`);
  await expect(page.getByText(/last used/)).toBeVisible();
});

test('with a passkey, the password is followed by the passkey step; a renamed then deleted passkey is gone', async ({
  page,
}) => {
  const member = await newMember(page);
  await virtualAuthenticator(page);
  await page.goto(`${site()}/admin/account`);
  await addPasskey(page, 'Old name');

  await page.getByRole('button', { name: 'Rename Old name' }).click();
  const rename = page.getByLabel('New name for Old name');
  await expect(rename).toBeFocused();
  await rename.fill('Desk key');
  await rename.press('Enter');
  await expect(page.getByText('Passkey renamed to "Desk key"')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename Desk key' })).toBeFocused();

  await logOut(page);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Logged in successfully')).toBeVisible();

  await page.goto(`${site()}/admin/account`);
  await page.getByRole('button', { name: 'Delete Desk key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete passkey?' });
  await expect(dialog).toContainText('"Desk key" will no longer sign you in.');
  await dialog.getByRole('button', { name: 'Delete passkey' }).click();
  await expect(page.getByText('Passkey "Desk key" deleted')).toBeVisible();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
});
