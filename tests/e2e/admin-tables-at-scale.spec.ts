import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { e2eSql, signInByApi } from './adminSession';
import { generateListings } from '../support/generate';
import type { Sql } from '../../src/data/database/db';

/**
 * Finding things in the admin tables with 1,000 trainings (and 100 trainers): generated straight
 * into the server's database as drafts, so the public site does not change, and removed afterwards.
 */
const NEEDLE = 'Priciest Needle Masterclass';
let trainerIds: string[] = [];

test.beforeAll(async () => {
  const sql = e2eSql();
  try {
    await sql.begin(async (tx) => {
      const ids = await generateListings(tx as unknown as Sql, 1000);
      await tx`update trainings set is_published = false where id = any(${ids})`;
      await tx`update trainings set price = 98765, title = ${NEEDLE} where id = ${ids[554]!}`;
      const rows = await tx<{ trainerId: string }[]>`
        select distinct trainer_id from trainings where id = any(${ids})`;
      trainerIds = rows.map((r) => r.trainerId);
    });
  } finally {
    await sql.end();
  }
});

test.afterAll(async () => {
  const sql = e2eSql();
  try {
    // Their trainings go with them (on delete cascade).
    await sql`delete from trainers where id = any(${trainerIds})`;
  } finally {
    await sql.end();
  }
});

const bodyRows = (page: import('@playwright/test').Page) => page.locator('tbody tr');
const firstTitle = (page: import('@playwright/test').Page) => bodyRows(page).first().locator('td').first();

test('an admin finds one training among 1,000 by search, by sort, and pages through with Back', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page);
  await page.goto('/admin/trainings');
  await expect(page.getByText(/Page 1 of 2\d \(1,0\d\d trainings\)/)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(50);
  await expectNoSeriousA11yViolations(page);

  // Search: the GET form puts it in the URL.
  await page.getByLabel('Search trainings').fill('#556');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/search=%23556/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('EMDR Children and Adolescents — Chicago #556');
  await page.getByLabel('Search trainings').fill('no such training anywhere');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No trainings match')).toBeVisible();
  await page.getByRole('link', { name: 'Clear search and filters' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);

  // Sort: price ascending, then descending brings the dearest training to the top.
  const price = page.getByRole('columnheader', { name: 'Price' });
  // Soonest first by default (docs/product.md, One status).
  await expect(page.getByRole('columnheader', { name: 'Start Date' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(price).toHaveAttribute('aria-sort', 'none');
  await price.getByRole('link').click();
  await expect(page).toHaveURL(/sort=price$/);
  await expect(price).toHaveAttribute('aria-sort', 'ascending');
  await price.getByRole('link').click();
  await expect(page).toHaveURL(/sort=-price$/);
  await expect(price).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).first()).toContainText(NEEDLE);
  await expect(bodyRows(page).first()).toContainText('$98,765');

  // Pages: Next twice, then Back returns page by page, sort kept.
  const firstOfPage1 = await firstTitle(page).innerText();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/sort=-price&page=2$/);
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();
  const firstOfPage2 = await firstTitle(page).innerText();
  expect(firstOfPage2).not.toBe(firstOfPage1);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 3 of/)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();
  await expect(firstTitle(page)).toHaveText(firstOfPage2);
  await page.goBack();
  await expect(page.getByText(/^Page 1 of/)).toBeVisible();
  await expect(bodyRows(page).first()).toContainText(NEEDLE);
});

test('status and format filters narrow the list, and work as a plain form', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin/trainings?sort=title');
  await page.getByLabel('Status').selectOption('published');
  await page.getByLabel('Format').selectOption('Hybrid');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/status=published/);
  await expect(page).toHaveURL(/format=Hybrid/);
  await expect(page).toHaveURL(/sort=title/);
  await expect(bodyRows(page).first()).toBeVisible();
  for (const row of await bodyRows(page).all()) {
    await expect(row).toContainText('Published');
    await expect(row).toContainText('Hybrid');
  }
  await page.goto('/admin/trainings?status=draft&search=%23557');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('Draft');
});

test('at 1024 px badges stay on one line and every row action is whole inside its cell', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signInByApi(page);
  await page.goto('/admin/trainings?format=In-Person');
  await expect(bodyRows(page)).toHaveCount(50);
  for (const row of (await bodyRows(page).all()).slice(0, 5)) {
    const badge = row.getByText('In-Person', { exact: true });
    const { height } = (await badge.boundingBox())!;
    expect(height).toBeLessThan(26);
    // Six actions wrap within their cell (docs/product.md, One status): none is cut off.
    const clipped = await row.locator('td:last-child').evaluate((cell) => {
      const box = cell.getBoundingClientRect();
      const actions = [...cell.querySelectorAll('a, button')].map((el) => el.getBoundingClientRect());
      return {
        count: actions.length,
        outside: actions.filter((a) => a.left < box.left - 1 || a.right > box.right + 1 || a.right > innerWidth).length,
      };
    });
    expect(clipped.count).toBeGreaterThanOrEqual(4);
    expect(clipped.outside).toBe(0);
  }
});

test('an admin finds one trainer among 100 by search, and trainers sort by name', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/admin/trainers');
  await expect(page.getByText(/Page 1 of 3 \(1\d\d trainers\)/)).toBeVisible();
  await page.getByLabel('Search trainers').fill('Trainer 42 Austin');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page)).toContainText('Trainer 42 Austin');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/admin/trainers');
  const name = page.getByRole('columnheader', { name: 'Name' });
  await expect(name).toHaveAttribute('aria-sort', 'ascending');
  await name.getByRole('link').click();
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  await expect(bodyRows(page).first()).toContainText('Trainer 99 Atlanta');
});
