import { randomBytes } from 'node:crypto';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';

/**
 * The team (docs/product.md, The team): the owner invites an editor on the Team page and copies the
 * link; the editor opens it in a browser of their own, chooses a password and lands in the admin
 * without the Team link; the owner makes them an admin, then removes them through the confirmation
 * dialog, and their session ends.
 */
test('the owner invites an editor, who joins without team rights, is made an admin, and is removed', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `editor-${randomBytes(4).toString('hex')}@e2e.example`;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await nav.getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(process.env.ADMIN_EMAIL!) })).toContainText('Owner');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const link = page.getByLabel('Invitation link');
  await expect(link).toBeFocused();
  const url = await link.inputValue();
  expect(url).toMatch(/\/admin\/invite\/[\w-]{43}$/);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Invitation link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('as Editor');
  await expectNoSeriousA11yViolations(page);

  // The editor, in a browser of their own: the link names the public site; this server is baseURL.
  const editorContext = await browser.newContext({ baseURL });
  const editor = await editorContext.newPage();
  await editor.goto(new URL(url).pathname);
  await expect(editor.getByRole('heading', { name: 'Join the team' })).toBeVisible();
  await expect(editor.getByText(email)).toBeVisible();
  await expectNoSeriousA11yViolations(editor);
  await editor.getByLabel('Password').fill('a long editor passphrase');
  await editor.getByRole('button', { name: 'Join the team' }).click();
  await expect(editor).toHaveURL(/\/admin\/dashboard$/);
  await expect(editor.getByText(`Welcome to the team, ${email}`)).toBeVisible();
  const editorNav = editor.getByRole('navigation', { name: 'Admin' });
  await expect(editorNav.getByRole('link', { name: 'Trainers' })).toBeVisible();
  await expect(editorNav.getByRole('link', { name: 'Team' })).toHaveCount(0);

  // The owner sees the new member, and removes them after confirming (Escape cancels first).
  await page.reload();
  const row = page.getByRole('row', { name: new RegExp(email) });
  const role = row.getByLabel(`Role of ${email}`, { exact: true });
  await expect(role).toHaveValue('editor');
  await role.selectOption('admin');
  await row.getByRole('button', { name: `Save role of ${email}` }).click();
  await expect(page.getByText(`${email} is now Admin`)).toBeVisible();
  await expect(role).toHaveValue('admin');
  await expect(row.getByRole('button', { name: `Save role of ${email}` })).toHaveCount(0);
  const remove = row.getByRole('button', { name: `Remove ${email}` });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Remove member?' });
  await expect(dialog).toContainText(`${email} will be signed out and can no longer sign in.`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await remove.click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${email} was removed`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);

  await editor.goto('/admin/trainers');
  await expect(editor).toHaveURL(/\/admin\/login$/);
  await editorContext.close();
});
