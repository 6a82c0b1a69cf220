import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';

test('an admin creates, edits and deletes a trainer with the exact texts', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/trainers');
  await expect(page.getByRole('columnheader', { name: 'States Served' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Add Trainer' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Trainer' })).toBeVisible();
  await expect(page.getByText('Create a new EMDR trainer profile')).toBeVisible();

  await page.getByRole('button', { name: 'Create Trainer' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Bio is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Name *').fill('Dr. Playwright Tester');
  await page.getByLabel('Bio *').fill('Teaches EMDR with automated browsers.');
  await page.getByLabel('States Served').fill('ca, ny, tx, fl, zz');
  await page.getByRole('button', { name: 'Create Trainer' }).click();
  await expect(page.getByText('Use two-letter US state codes separated by commas')).toBeVisible();
  await expect(page.getByLabel('Name *')).toHaveValue('Dr. Playwright Tester');

  await page.getByLabel('States Served').fill('ca, ny, tx, fl');
  await page.getByRole('button', { name: 'Create Trainer' }).click();
  await expect(page).toHaveURL(/\/admin\/trainers$/);
  await expect(page.getByText('Trainer created successfully')).toBeVisible();
  const row = page.getByRole('row', { name: /Dr\. Playwright Tester/ });
  await expect(row).toContainText('CA');
  await expect(row).toContainText('+1');

  await row.getByRole('link', { name: 'Edit Dr. Playwright Tester' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Trainer' })).toBeVisible();
  await expect(page.getByLabel('States Served')).toHaveValue('CA, NY, TX, FL');
  await page.getByLabel('Name *').fill('Dr. Playwright Renamed');
  await page.getByRole('button', { name: 'Update Trainer' }).click();
  await expect(page.getByText('Trainer updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Dr. Playwright Renamed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Trainer?' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete Dr. Playwright Renamed? This will also delete all associated trainings. This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Trainer deleted successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Dr\. Playwright Renamed/ })).toHaveCount(0);
});

test('editing a trainer that no longer exists shows a clear not-found state', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/trainers/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Trainer not found' })).toBeVisible();
});
