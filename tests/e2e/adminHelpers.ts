import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Signs in through the login page as early as a person can: typing as soon as the fields show and
 * clicking Login at once, hydrated or not (the form is a real POST until its island takes over).
 */
export async function signIn(page: Page, email = process.env.ADMIN_EMAIL!, password = process.env.ADMIN_PASSWORD!) {
  await page.goto('/admin/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * A member of their own for a test, invited as an editor by the owner and signed in within `page`'s
 * context by accepting: the shared admin of the other specs keeps signing in with the password alone.
 * `site` is the address the browser uses (a passkey's RP ID is its host name).
 */
export async function invitedMember(
  page: Page,
  site: string,
  prefix: string,
): Promise<{ email: string; password: string }> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
  const password = randomBytes(12).toString('base64url');
  const headers = { origin: site };
  const owner = await page.context().browser()!.newContext();
  try {
    const login = await owner.request.post(`${site}/api/admin/login`, {
      headers,
      data: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const invitation = await owner.request.post(`${site}/api/admin/invitations`, {
      headers,
      data: { email, role: 'editor' },
    });
    expect(invitation.status()).toBe(201);
    const token = new URL(((await invitation.json()) as { url: string }).url).pathname.split('/').pop()!;
    const accepted = await page.request.post(`${site}/api/admin/invitations/${token}/accept`, {
      headers,
      data: { password },
    });
    expect(accepted.status()).toBe(201);
  } finally {
    await owner.close();
  }
  return { email, password };
}
