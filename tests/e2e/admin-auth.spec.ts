import type { Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';
import { signInByApi } from './adminSession';
import { throttleCpu } from './throttle';

test('an admin page without a session redirects to the login page before any admin content', async ({ page }) => {
  const response = await page.goto('/admin/trainings');
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByText('Sign in to manage trainings and trainers')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('wrong credentials show the "Invalid credentials" toast and keep the admin out', async ({ page }) => {
  await page.goto('/admin/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(process.env.ADMIN_EMAIL!);
  await page.getByLabel('Password').fill('definitely wrong');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('empty fields show their messages under the fields', async ({ page }) => {
  await page.goto('/admin/login', { waitUntil: 'commit' });
  // A click before the script runs meets the browser's own "fill out this field" check and stays on
  // the page; a person then clicks again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expectNoSeriousA11yViolations(page);
});

test('an admin signs in, sees the dashboard, and logs out', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page.getByText(`Logged in as ${process.env.ADMIN_EMAIL}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trainers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Trainings' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Trainings' })).toHaveAttribute('href', '/admin/trainings');
  await expect(page.getByRole('link', { name: 'Partner Program' })).toHaveAttribute('href', '/partner');
  await expect(page.getByText(/Up to date|Changes waiting|Publishing/)).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('You have been logged out successfully')).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('on a CPU six times slower, an admin who types, signs in and logs out as soon as each page shows gets in and out', async ({
  page,
}) => {
  await throttleCpu(page, 6);
  await signIn(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('You have been logged out successfully')).toBeVisible();
  await page.goto('/admin/dashboard', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a Logout posted before the dashboard is live keeps its toast for the login page, however late the dashboard then hydrates', async ({
  page,
}) => {
  // The order a slow CPU can give, made to happen every time: the click is the plain form's (the
  // page's scripts are held), the server's answer has set its notice cookie, and only then, with the
  // navigation to the login page still on its way, does the dashboard hydrate and run its effects.
  await signInByApi(page);
  const heldScripts: Route[] = [];
  const islandScript = (url: URL) => url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js');
  await page.route(islandScript, (route) => void heldScripts.push(route));
  let answered!: () => void;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  let hydrated!: () => void;
  const dashboardHydrated = new Promise<void>((resolve) => (hydrated = resolve));
  await page.route('**/api/admin/logout', async (route) => {
    // The real answer: its cookies (the session cleared, the notice for the login page) go into the
    // browser's cookie store now, which the page's request context shares.
    const response = await route.fetch({ maxRedirects: 0 });
    expect(response.status()).toBe(303);
    answered();
    await dashboardHydrated;
    await route.fulfill({
      status: 303,
      headers: { location: response.headers().location!, 'cache-control': 'no-store' },
    });
  });

  await page.goto('/admin/dashboard', { waitUntil: 'commit' });
  // Not awaited: the navigation it starts is held until the dashboard has hydrated.
  const click = page.getByRole('button', { name: 'Logout' }).click();
  await answer;
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'emdr_admin_notice')).toBe(true);
  // The dashboard's lists are fetched from its effects, which run after the Logout button's.
  const effectsRan = page.waitForRequest('**/api/admin/trainers');
  await page.unroute(islandScript);
  for (const route of heldScripts) await route.continue();
  await effectsRan;
  hydrated();
  await click;

  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('You have been logged out successfully')).toBeVisible();
});

test('on a CPU six times slower, the sign-in toast still appears on the dashboard', async ({ page }) => {
  await throttleCpu(page, 6);
  await signIn(page);
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page.getByText(`Logged in as ${process.env.ADMIN_EMAIL}`)).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an admin signs in and logs out with the plain forms', async ({ page }) => {
    await signIn(page);
    await expect(page.getByText(`Logged in as ${process.env.ADMIN_EMAIL}`)).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('wrong credentials keep the admin on the login page', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(process.env.ADMIN_EMAIL!);
    await page.getByLabel('Password').fill('definitely wrong');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
