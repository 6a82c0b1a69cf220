import { test, expect } from './fixtures';
import { throttleCpu } from './throttle';
import { createTrainingByApi, deleteTrainingByApi, signInByApi } from './adminSession';

/**
 * No dead clicks in the admin: on a CPU six times slower, every control is clicked as soon as it
 * shows, never after waiting for the islands. A control either works at once (a link, a form) or
 * is shown disabled until it does, so a click is never silently lost.
 */
test.beforeEach(async ({ page }) => {
  await signInByApi(page);
  await throttleCpu(page, 6);
});

test('before the form has loaded its fields and buttons are shown disabled, never dead', async ({ page }) => {
  const html = await (await page.request.get('/admin/trainings/new')).text();
  // The server's HTML: the fields' fieldset and the submit button are disabled until the island runs.
  expect(html).toMatch(/<fieldset[^>]*disabled=""[^>]*aria-disabled="true"/);
  const submits = html.match(/<button[^>]*type="submit"[^>]*>/g) ?? [];
  expect(submits.some((tag) => tag.includes(' disabled=""') && tag.includes('aria-disabled="true"'))).toBe(true);

  await page.goto('/admin/trainings/new', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Add schedule day' }).click();
  await expect(page.getByRole('group', { name: 'Schedule day 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Training' }).click();
  await expect(page.getByText('Start date is required')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
});

test('Cancel on a trainer form works at once, and Create Trainer as soon as it is enabled', async ({ page }) => {
  await page.goto('/admin/trainers/new', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Create Trainer' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.goto('/admin/trainers/new', { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/trainers$/);
});

test('the publish toggle and Delete act on the first click', async ({ page }) => {
  const training = await createTrainingByApi(page, { title: `Early Click ${Date.now()}` });
  try {
    await page.goto(`/admin/trainings?status=draft&search=${encodeURIComponent(training.title)}`, {
      waitUntil: 'commit',
    });
    await page.getByRole('switch', { name: `Published: ${training.title}` }).click();
    await expect(page.getByText('Training status updated')).toBeVisible();
    await page.goto(`/admin/trainings?search=${encodeURIComponent(training.title)}`, { waitUntil: 'commit' });
    await page.getByRole('switch', { name: `Published: ${training.title}` }).click();
    await expect(page.getByText('Training status updated')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(training.title) })).toContainText('Draft');

    await page.goto(`/admin/trainings?search=${encodeURIComponent(training.title)}`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: `Delete ${training.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Training?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Training deleted successfully')).toBeVisible();
    await expect(page.getByText('No trainings match')).toBeVisible();
  } finally {
    await deleteTrainingByApi(page, training.id);
  }
});
