import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { throttleCpu } from './throttle';

/**
 * A person types and chooses as soon as the page shows, on a slow phone (CPU 6× slower), long before
 * the list island takes over. Nothing they did may be lost when it does. These tests never wait for
 * hydration.
 */
const status = (page: Page) => page.getByRole('status').filter({ hasText: 'training(s) found' });

test('a search typed and filters chosen before hydration are still there after it, and apply', async ({ page }) => {
  await throttleCpu(page, 6);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Search trainings').fill('Complex Trauma');
  await page.getByLabel('State', { exact: true }).selectOption('CA');
  await page.getByLabel('Format').selectOption('Virtual');
  await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  // The dropdowns apply at once (once the island can), the text waits for its submit.
  await expect(page).toHaveURL(/\/\?state=CA&format=Virtual&sort=price-desc$/);
  await expect(status(page)).toContainText('2 training(s) found');
  await expect(page.getByLabel('Search trainings')).toHaveValue('Complex Trauma');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('CA');
  await expect(page.getByLabel('Format')).toHaveValue('Virtual');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=Complex\+Trauma/);
  await expect(status(page)).toContainText('1 training(s) found');
});

test('a search submitted before hydration works as the form without JavaScript does', async ({ page }) => {
  await throttleCpu(page, 6);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Search trainings').fill('Somatic');
  await page.getByLabel('Search trainings').press('Enter');
  // Before hydration the browser submits to /trainings; after it, the island applies it in place.
  await expect(page).toHaveURL(/search=Somatic/);
  await expect(status(page)).toContainText('1 training(s) found');
  await expect(page.getByLabel('Search trainings')).toHaveValue('Somatic');
  await expect(page.getByTestId('training-card')).toHaveCount(1);
});

test('a state chosen in the hero before hydration is kept and finds its trainings', async ({ page }) => {
  await throttleCpu(page, 6);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByLabel('Your state').selectOption({ label: 'Texas' });
  await page.getByRole('button', { name: 'Find Trainings' }).click();
  await expect(page).toHaveURL(/\?state=TX/);
  await expect(page.getByLabel('Your state')).toHaveValue('TX');
  await expect(status(page)).toContainText('2 training(s) found');
});
