import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { createTrainingByApi, deleteTrainingByApi, signInByApi } from './adminSession';
import { NEARBY_MESSAGES } from '../../src/domain/nearMe/nearby';

/** The training as the admin API returns it now. */
async function storedTraining(page: Page, id: string) {
  const list = (await (await page.request.get('/api/admin/trainings')).json()) as { id: string }[];
  return list.find((t) => t.id === id) as Record<string, unknown>;
}

const zipField = (page: Page) => page.getByLabel('ZIP code');

test('an admin gives an in-person training a ZIP code and sees its place under the field when reopening it', async ({
  page,
}) => {
  await signInByApi(page);
  // Unpublished: the save does not wait for a publish.
  const training = await createTrainingByApi(page, {
    title: `Near Me Admin ${Date.now()}`,
    format: 'In-Person',
    location: 'Sacramento, CA',
    state: 'CA',
  });
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  await expect(zipField(page)).toHaveValue('');
  await expect(page.getByText('Sacramento, CA', { exact: true })).toHaveCount(0);

  await zipField(page).fill('95814');
  // Looked up while typing, before any save.
  await expect(zipField(page)).toHaveAccessibleDescription('Sacramento, CA');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
  await expect(page.getByText('Training updated successfully')).toBeVisible();
  // Placed from the ZIP code on the server.
  expect(await storedTraining(page, training.id)).toMatchObject({
    postalCode: '95814',
    postalPlace: 'Sacramento, CA',
    latitude: expect.closeTo(38.58, 1),
    longitude: expect.closeTo(-121.49, 1),
  });

  // Reopened: the place is the field's description, read with it by a screen reader.
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(zipField(page)).toHaveValue('95814');
  await expect(zipField(page)).toHaveAccessibleDescription('Sacramento, CA');
  await expectNoSeriousA11yViolations(page);

  // Typing another ZIP code: the saved place no longer describes it.
  await zipField(page).fill('94103');
  await expect(zipField(page)).toHaveAccessibleDescription('San Francisco, CA');
  await expect(page.getByText('Sacramento, CA', { exact: true })).toHaveCount(0);
  await deleteTrainingByApi(page, training.id);
});

test('an unknown ZIP code is refused under the field and the form keeps what was typed', async ({ page }) => {
  await signInByApi(page);
  const training = await createTrainingByApi(page, {
    title: `Near Me Unknown ZIP ${Date.now()}`,
    format: 'In-Person',
    location: 'Sacramento, CA',
    state: 'CA',
    postalCode: '95814',
  });
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(zipField(page)).toHaveAccessibleDescription('Sacramento, CA');
  await page.getByLabel('Venue').fill('Typed before the refusal');
  // Five digits, so the form's own check lets it go; the server's ZIP table does not know it.
  await zipField(page).fill('00000');
  await expect(zipField(page)).toHaveAccessibleDescription(NEARBY_MESSAGES.unknownPostalCode);
  await page.getByRole('button', { name: 'Update Training' }).click();

  await expect(page.getByText('Failed to update training')).toBeVisible();
  await expect(zipField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#postalCode-error')).toHaveText(NEARBY_MESSAGES.unknownPostalCode);
  await expect(zipField(page)).toHaveAccessibleDescription(new RegExp(NEARBY_MESSAGES.unknownPostalCode));
  await expect(page).toHaveURL(new RegExp(`/admin/trainings/${training.id}$`));
  await expect(zipField(page)).toHaveValue('00000');
  await expect(page.getByLabel('Venue')).toHaveValue('Typed before the refusal');
  await expect(page.getByLabel('Training Title *')).toHaveValue(training.title);
  expect(await storedTraining(page, training.id)).toMatchObject({ postalCode: '95814', venue: null });
  await deleteTrainingByApi(page, training.id);
});

test('an admin sets a venue’s position by hand, sees it when reopening, and clears it back to the ZIP code’s', async ({
  page,
}) => {
  await signInByApi(page);
  const training = await createTrainingByApi(page, {
    title: `Near Me By Hand ${Date.now()}`,
    format: 'Hybrid',
    location: 'Auburn, CA',
    state: 'CA',
    postalCode: '95814',
  });
  await page.goto(`/admin/trainings/${training.id}`);
  // Placed from its ZIP code: the position fields are empty.
  await expect(zipField(page)).toHaveAccessibleDescription('Sacramento, CA');
  await expect(page.getByLabel('Latitude')).toHaveValue('');
  await expect(page.getByLabel('Longitude')).toHaveValue('');

  await page.getByLabel('Latitude').fill('38.8966');
  await page.getByLabel('Longitude').fill('-121.0769');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page.getByText('Training updated successfully')).toBeVisible();
  expect(await storedTraining(page, training.id)).toMatchObject({
    latitude: 38.8966,
    longitude: -121.0769,
    positionByHand: true,
  });

  await page.goto(`/admin/trainings/${training.id}`);
  await expect(page.getByLabel('Latitude')).toHaveValue('38.8966');
  await expect(page.getByLabel('Longitude')).toHaveValue('-121.0769');
  await page.getByLabel('Latitude').fill('');
  await page.getByLabel('Longitude').fill('');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page.getByText('Training updated successfully')).toBeVisible();
  expect(await storedTraining(page, training.id)).toMatchObject({
    latitude: expect.closeTo(38.58, 1),
    longitude: expect.closeTo(-121.49, 1),
    positionByHand: false,
  });
  await deleteTrainingByApi(page, training.id);
});
