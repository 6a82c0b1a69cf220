import { test, expect } from './fixtures';
import { createTrainingByApi, deleteTrainingByApi, signInByApi } from './adminSession';
import type { Dialog, Page } from '@playwright/test';

/** Resolves with the next dialog, answering it (stay on the page, or leave). */
function nextDialog(page: Page, answer: 'stay' | 'leave'): Promise<Dialog> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      void (answer === 'stay' ? dialog.dismiss() : dialog.accept()).then(() => resolve(dialog));
    });
  });
}

/** Types like a person (a click, then keys): browsers only ask before leaving a page someone used. */
async function typeInto(page: Page, label: string, text: string) {
  await page.getByLabel(label).click();
  await page.keyboard.type(text);
}

test('leaving a form with unsaved changes asks first: a link, Back, and closing the tab', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin/trainings');
  await page.goto('/admin/trainings/new');
  await typeInto(page, 'Training Title *', 'Unsaved title');

  let dialog = nextDialog(page, 'stay');
  await page.getByRole('link', { name: 'Cancel' }).click();
  expect((await dialog).type()).toBe('beforeunload');
  await expect(page).toHaveURL(/\/admin\/trainings\/new$/);
  await expect(page.getByLabel('Training Title *')).toHaveValue('Unsaved title');

  dialog = nextDialog(page, 'stay');
  await page.evaluate(() => history.back());
  expect((await dialog).type()).toBe('beforeunload');
  await expect(page).toHaveURL(/\/admin\/trainings\/new$/);

  dialog = nextDialog(page, 'stay');
  await page.close({ runBeforeUnload: true });
  expect((await dialog).type()).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);

  dialog = nextDialog(page, 'leave');
  await page.getByRole('link', { name: 'Back to trainings' }).click();
  await dialog;
  await expect(page).toHaveURL(/\/admin\/trainings$/);
});

test('an untouched form leaves without asking', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin/trainers/new');
  await expect(page.getByLabel('Name *')).toBeEnabled();
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.accept();
  });
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/admin\/trainers$/);
  expect(asked).toBe(false);
});

test('a failed save keeps every field as typed, and still asks before leaving', async ({ page }) => {
  await signInByApi(page);
  const training = await createTrainingByApi(page, { title: `Failing Save ${Date.now()}` });
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  await page.route(`**/api/admin/trainings/${training.id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' })
      : route.continue(),
  );
  await page.getByLabel('Training Title *').fill('Typed title');
  await page.getByLabel('Price (USD) *').fill('321');
  await page.getByLabel('Venue').fill('Typed venue');
  await page.getByRole('button', { name: 'Add schedule day' }).click();
  const row = page.getByRole('group', { name: 'Schedule day 1' });
  await row.getByLabel('Day').fill('Day 1');
  await row.getByLabel('Topics').fill('Typed topics');
  await page.getByRole('switch', { name: 'EMDRIA Certified' }).check();
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page.getByText('Failed to update training')).toBeVisible();

  await expect(page.getByLabel('Training Title *')).toHaveValue('Typed title');
  await expect(page.getByLabel('Price (USD) *')).toHaveValue('321');
  await expect(page.getByLabel('Venue')).toHaveValue('Typed venue');
  await expect(row.getByLabel('Day')).toHaveValue('Day 1');
  await expect(row.getByLabel('Topics')).toHaveValue('Typed topics');
  await expect(page.getByRole('switch', { name: 'EMDRIA Certified' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Update Training' })).toBeEnabled();

  const dialog = nextDialog(page, 'stay');
  await page.getByRole('link', { name: 'Cancel' }).click();
  expect((await dialog).type()).toBe('beforeunload');
  await page.unrouteAll();
  await deleteTrainingByApi(page, training.id);
});
