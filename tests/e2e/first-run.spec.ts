import fs from 'node:fs';
import { test, expect } from './fixtures';
import { startServer, tempDir, type RunningServer } from '../support/server';
import { throttleCpu } from './throttle';

/**
 * A first `npm start` as a new user runs it: no ADMIN_EMAIL / ADMIN_PASSWORD, a brand-new DATA_DIR.
 * The account it prints must sign in through the login page.
 */
const dataDir = tempDir('emdr-first-run-');
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startServer({
    dataDir,
    env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '', SITE_URL: '' },
    timeoutMs: 290_000,
    // A new user's start has no code cache: it runs the astro build.
    buildCache: false,
  });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the default admin printed by a plain first start signs in through the login page on a slow CPU', async ({
  page,
}) => {
  const output = server.output();
  expect(output).toContain('Sign in:  admin@localhost');
  const password = output.match(/One-time admin password \(shown only now\): (\S+)/)?.[1];
  expect(password).toBeDefined();

  await throttleCpu(page, 6);
  await page.goto(`${server.url}/admin/login`, { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('admin@localhost');
  await page.getByLabel('Password').fill(password!);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText('Logged in as admin@localhost')).toBeVisible();
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page.getByText('Enter a valid email address')).toHaveCount(0);
});
