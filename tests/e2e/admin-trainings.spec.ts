import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';

test('an admin creates a training that reaches the public site, toggles it to draft, and deletes it', async ({
  page,
}) => {
  // Waits for two real rebuilds of the public site.
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/admin/trainings');
  await expect(page.getByRole('heading', { name: 'Manage Trainings' })).toBeVisible();
  await expect(page.getByText('Add, edit, publish, or remove EMDR trainings')).toBeVisible();
  await page.getByRole('link', { name: 'Add Training' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Training' })).toBeVisible();
  // docs/product.md defaults.
  await expect(page.getByLabel('Format *')).toHaveValue('In-Person');
  await expect(page.getByLabel('Price (USD) *')).toHaveValue('0');
  await expect(page.getByLabel('CE Credits')).toHaveValue('0');
  await expect(page.getByRole('switch', { name: 'Published' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'EMDRIA Certified' })).not.toBeChecked();

  await page.getByRole('button', { name: 'Create Training' }).click();
  await expect(page.getByText('Start date is required')).toBeVisible();
  await expect(page.getByText('End date is required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Trainer *').selectOption({ label: 'Dr. Aisha Patel' });
  await page.getByLabel('Training Title *').fill('Playwright EMDR Intensive');
  await page.getByLabel('Description *').fill('A training created by the end-to-end test.');
  await page.getByLabel('Price (USD) *').fill('750');
  // docs/product.md: an empty CE Credits field falls back to 0.
  await page.getByLabel('CE Credits').fill('');
  await page.getByLabel('Start Date *').fill('2027-05-10T09:00');
  await page.getByLabel('End Date *').fill('2027-05-09T17:00');
  await page.getByLabel('Format *').selectOption('Virtual');
  await page.getByLabel('Location *').fill('Zoom');
  await page.getByLabel('State').selectOption('NY');
  await page.getByLabel('Thinkific Registration URL *').fill('https://emdr.thinkific.com/courses/playwright');
  await page.getByRole('button', { name: 'Create Training' }).click();
  await expect(page.getByText('End date must not be before the start date')).toBeVisible();

  await page.getByLabel('End Date *').fill('2027-05-11T17:00');
  await page.getByRole('button', { name: 'Create Training' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
  await expect(page.getByText('Training created successfully')).toBeVisible();
  const row = page.getByRole('row', { name: /Playwright EMDR Intensive/ });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('$750');
  await expect(row).toContainText('May 10, 2027');

  // The publisher rebuilds the public site: the new page appears.
  const publicList = await (await page.request.get('/api/trainings?search=Playwright%20EMDR%20Intensive')).json();
  expect(publicList).toHaveLength(1);
  expect(publicList[0].ceCredits).toBe(0);
  await expect(async () => expect((await page.request.get(`/training/${publicList[0].id}`)).status()).toBe(200)).toPass(
    { timeout: 60_000 },
  );

  await row.getByRole('switch', { name: 'Published: Playwright EMDR Intensive' }).click();
  await expect(page.getByText('Training status updated')).toBeVisible();
  await expect(row).toContainText('Draft');
  await expect(async () => expect((await page.request.get(`/training/${publicList[0].id}`)).status()).toBe(404)).toPass(
    { timeout: 60_000 },
  );

  await row.getByRole('link', { name: 'Edit Playwright EMDR Intensive' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  await expect(page.getByLabel('Start Date *')).toHaveValue('2027-05-10T09:00');
  await page.getByLabel('Training Title *').fill('Playwright EMDR Intensive, edited');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page.getByText('Training updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Playwright EMDR Intensive, edited' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Training?' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete "Playwright EMDR Intensive, edited"? This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Training deleted successfully')).toBeVisible();
});
