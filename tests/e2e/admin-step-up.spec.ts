import type { Browser } from '@playwright/test';
import { generate } from 'otplib';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { invitedMember } from './adminHelpers';
import { e2eSql, signInByApi } from './adminSession';

/**
 * Step-up, "Sign out everywhere else" and Logout on every signed-in page (docs/security.md,
 * docs/decisions/0021-step-up.md). A stale step-up is made in the database (the session's last
 * confirmation moved eleven minutes back), never by waiting.
 */
const site = () => process.env.E2E_BASE_URL!;

async function staleStepUp(email: string): Promise<void> {
  const sql = e2eSql();
  try {
    await sql`
      update admin_sessions set stepped_up_at = now() - interval '11 minutes'
      where admin_id = (select id from admin_users where lower(email) = lower(${email}))`;
  } finally {
    await sql.end();
  }
}

/** The member signed in in a browser of their own too; the answer says whether that session still works. */
async function anotherSession(browser: Browser, member: { email: string; password: string }) {
  const context = await browser.newContext();
  const login = await context.request.post(`${site()}/api/admin/login`, {
    headers: { origin: site() },
    data: member,
  });
  expect(login.status()).toBe(200);
  return {
    signedIn: async () =>
      ((await (await context.request.get(`${site()}/api/admin/session`)).json()) as { authenticated: boolean })
        .authenticated,
    close: () => context.close(),
  };
}

test('a member held on the Account page by the two-factor rule logs out from there', async ({ page }) => {
  await invitedMember(page, site(), 'held');
  const sql = e2eSql();
  try {
    await sql`update site_settings set require_two_factor = true`;
    await page.goto('/admin/trainers');
    await expect(page).toHaveURL(/\/admin\/account$/);
    await expect(page.getByText('This site requires two-factor sign-in.')).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('You have been logged out successfully')).toBeVisible();
    await page.goto('/admin/account');
    await expect(page).toHaveURL(/\/admin\/login$/);
  } finally {
    await sql`update site_settings set require_two_factor = false`;
    await sql.end();
  }
});

test('with a stale step-up, setting up the app asks "Confirm it\'s you" first, then goes on; signing out elsewhere is offered', async ({
  page,
  browser,
}) => {
  const member = await invitedMember(page, site(), 'step-up');
  const elsewhere = await anotherSession(browser, member);
  await staleStepUp(member.email);
  await page.goto('/admin/account');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();

  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  const password = dialog.getByLabel('Password');
  await expect(password).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.type('not my passphrase');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('That password is not right')).toBeVisible();
  await expect(password).toBeFocused();
  await password.fill(member.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);

  // The refused call was made again: the set-up goes on where it was asked for.
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();

  await expect(page.getByText('Your sign-in settings changed.')).toBeVisible();
  expect(await elsewhere.signedIn()).toBe(true);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out of 1 other session')).toBeVisible();
  expect(await elsewhere.signedIn()).toBe(false);
  await page.reload();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();
  await elsewhere.close();
});

test('on the Team page a cancelled confirmation sends nothing; a confirmed one sends the invitation', async ({
  page,
}) => {
  const email = `step-up-invitee-${Date.now()}@e2e.example`;
  await signInByApi(page);
  await staleStepUp(process.env.ADMIN_EMAIL!);
  await page.goto('/admin/team');
  await page.getByLabel('Email').fill(email);
  const send = page.getByRole('button', { name: 'Send invitation' });
  await send.click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog.getByLabel('Password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(/Confirm it's you: enter your password/)).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);

  await send.click();
  await dialog.getByLabel('Password').fill(process.env.ADMIN_PASSWORD!);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByLabel('Invitation link')).toBeFocused();
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('as Editor');
});
