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
