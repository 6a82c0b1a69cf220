import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export async function signIn(page: Page) {
  await page.goto('/admin/login');
  // The form is an island: wait until it has taken over, as a person would see it respond.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Email').fill(process.env.ADMIN_EMAIL!);
  await page.getByLabel('Password').fill(process.env.ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The dashboard's buttons (Logout) are server-rendered before its island hydrates; a click
  // before that does nothing, which is how the logout test once flaked.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
