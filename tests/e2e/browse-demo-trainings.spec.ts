import { test, expect } from './fixtures';

test('a visitor sees the demo trainings on the home page and opens one', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Find an EMDR Training Near You' })).toBeVisible();
  const card = page.getByTestId('training-card').filter({ hasText: 'EMDR Basic Training Part 1 — Los Angeles' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Dr. Maria Gonzalez');
  await expect(card).toContainText('$1,495');
  await card.getByRole('link', { name: 'EMDR Basic Training Part 1 — Los Angeles' }).click();
  await expect(page).toHaveURL(/\/training\/[0-9a-f-]{36}\/?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('EMDR Basic Training Part 1 — Los Angeles');
  await expect(page).toHaveTitle(/EMDR Basic Training Part 1 — Los Angeles/);
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
