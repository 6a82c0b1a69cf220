import fs from 'node:fs';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';

test('a failed sign-in shows in the history, filtered by type, and in its CSV download', async ({ page }) => {
  await page.goto('/admin/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(process.env.ADMIN_EMAIL!);
  await page.getByLabel('Password').fill('not the password, surely');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await signIn(page);
  await expect(page.getByRole('link', { name: 'See the full history' })).toHaveAttribute('href', '/admin/history');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/admin\/history$/);
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  // The newest entry is this sign-in, from this machine's network.
  const signedIn = page.getByRole('row').filter({ hasText: 'Signed in' }).first();
  await expect(signedIn).toContainText(process.env.ADMIN_EMAIL!);
  await expect(signedIn).toContainText('127.0.0.0/24');
  await expect(signedIn).toContainText('method: password');

  await page.getByLabel('Type').selectOption({ label: 'Sign-in failed' });
  // Choosing applies the filter once the page's script runs; before that, Filter does.
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/[?&]type=sign-in-failed/);
  const rows = page.getByRole('row').filter({ hasText: 'Sign-in failed' });
  await expect(rows.first()).toContainText(process.env.ADMIN_EMAIL!);
  await expect(rows.first()).toContainText('127.0.0.0/24');
  await expect(rows.first()).toContainText('reason: wrong-password');
  await expect(page.getByRole('row').filter({ hasText: 'Signed in' })).toHaveCount(0);
  await expect(page.getByLabel('Type')).toHaveValue('sign-in-failed');
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^security-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('time,type,label,actor,client_address,subject,record_type,record_id,record,detail');
  expect(lines[1]).toContain(`,sign-in-failed,Sign-in failed,${process.env.ADMIN_EMAIL},127.0.0.0/24,`);
  expect(lines.slice(1).every((line) => line.includes(',sign-in-failed,'))).toBe(true);
  expect(csv).not.toContain('not the password, surely');
});
