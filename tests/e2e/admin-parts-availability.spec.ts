import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { createTrainingByApi, deleteTrainingByApi, signInByApi } from './adminSession';

/**
 * The admin side of parts and availability (docs/product.md, Parts and Availability): part rows
 * added and removed by keyboard, each read on its own zone's clock and saved in start order; the
 * availability fields; the list's Availability column and its sold-out toggle.
 */
const part = (page: Page, n: number) => page.getByRole('group', { name: `Part ${n}`, exact: true });
const parts = (page: Page) => page.getByRole('group', { name: /^Part \d+$/ });

async function storedTraining(page: Page, id: string) {
  const list = (await (await page.request.get('/api/admin/trainings')).json()) as { id: string }[];
  return list.find((t) => t.id === id) as Record<string, unknown>;
}

test('an admin adds two parts by keyboard, each on its own clock, and a waitlist; they come back in start order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page);
  const created = await createTrainingByApi(page, { title: `Parts form ${Date.now()}` });
  await page.goto(`/admin/trainings/${created.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  const add = page.getByRole('button', { name: 'Add part' });
  await expect(add).toBeEnabled();
  await expect(parts(page)).toHaveCount(0);
  await expect(page.getByLabel('Start Date *')).toBeEditable();

  // Enter on "Add part" focuses the new row's label; Tab walks the row.
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(part(page, 1).getByLabel('Label')).toBeFocused();
  // With parts the training's own dates are derived from them: shown, not typed.
  await expect(page.getByLabel('Start Date *')).not.toBeEditable();
  await expect(page.getByLabel('End Date *')).not.toBeEditable();
  await expect(page.getByText("Set from the parts: the first part's start.")).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(part(page, 1).getByLabel('Part start')).toBeFocused();
  await part(page, 1).getByLabel('Part start').fill('2027-04-10T09:00');
  await part(page, 1).getByLabel('Part end').fill('2027-04-11T17:00');
  await part(page, 1).getByLabel('Part time zone').selectOption('America/Chicago');
  await part(page, 1).getByLabel('Part format').selectOption('Virtual');
  await part(page, 1).getByLabel('Part location').fill('Zoom');
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(part(page, 2).getByLabel('Label')).toBeFocused();
  await page.keyboard.type('Weekend one');
  await part(page, 2).getByLabel('Part start').fill('2027-03-06T09:00');
  await part(page, 2).getByLabel('Part end').fill('2027-03-08T17:00');
  await part(page, 2).getByLabel('Part time zone').selectOption('America/Los_Angeles');
  // A third row, removed by keyboard: focus goes to the row before it.
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(parts(page)).toHaveCount(3);
  await part(page, 3).getByRole('button', { name: 'Remove part 3' }).focus();
  await page.keyboard.press('Enter');
  await expect(parts(page)).toHaveCount(2);
  await expect(part(page, 2).getByLabel('Label')).toBeFocused();

  // A schedule day names its part, by the part's label.
  await page.getByRole('button', { name: 'Add schedule day' }).click();
  const day = page.getByRole('group', { name: 'Schedule day 1' });
  await day.getByLabel('Day', { exact: true }).fill('Day 1');
  await day.getByLabel('Topics').fill('Practicum');
  await day.getByLabel('Part', { exact: true }).selectOption('Weekend one');

  await page.getByLabel('Availability').selectOption('few_seats');
  await page.getByLabel('Seats left').fill('3');
  await page.getByLabel('Waitlist URL').fill('https://emdr.thinkific.com/courses/waitlist');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page.getByText('Training updated successfully')).toBeVisible();

  const stored = await storedTraining(page, created.id);
  expect(stored).toMatchObject({
    startDate: '2027-03-06T17:00:00.000Z',
    endDate: '2027-04-11T22:00:00.000Z',
    availability: 'few_seats',
    seatsLeft: 3,
    waitlistUrl: 'https://emdr.thinkific.com/courses/waitlist',
    schedule: '[{"day":"Day 1","time":"","topics":"Practicum","part":"Weekend one"}]',
    parts: [
      { label: 'Weekend one', startDate: '2027-03-06T17:00:00.000Z', timeZone: 'America/Los_Angeles', format: null },
      { label: null, startDate: '2027-04-10T14:00:00.000Z', timeZone: 'America/Chicago', format: 'Virtual' },
    ],
  });

  // The edit page shows the parts as saved, in start order, on their own clocks.
  await page.goto(`/admin/trainings/${created.id}`);
  await expect(parts(page)).toHaveCount(2);
  await expect(part(page, 1).getByLabel('Label')).toHaveValue('Weekend one');
  await expect(part(page, 1).getByLabel('Part start')).toHaveValue('2027-03-06T09:00');
  await expect(part(page, 2).getByLabel('Part start')).toHaveValue('2027-04-10T09:00');
  await expect(part(page, 2).getByLabel('Part location')).toHaveValue('Zoom');
  await expect(page.getByLabel('Seats left')).toHaveValue('3');
  await deleteTrainingByApi(page, created.id);
});

test('a part that ends before it starts is refused on its row', async ({ page }) => {
  await signInByApi(page);
  const created = await createTrainingByApi(page, { title: `Parts refused ${Date.now()}` });
  await page.goto(`/admin/trainings/${created.id}`);
  await page.getByRole('button', { name: 'Add part' }).click();
  await part(page, 1).getByLabel('Part start').fill('2027-03-08T09:00');
  await part(page, 1).getByLabel('Part end').fill('2027-03-06T17:00');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(part(page, 1).getByRole('alert')).toHaveText('End date must not be before the start date');
  await deleteTrainingByApi(page, created.id);
});

test('the list shows availability and marks a training sold out and open again', async ({ page }) => {
  await signInByApi(page);
  const title = `Availability list ${Date.now()}`;
  const created = await createTrainingByApi(page, { title });
  await page.goto(`/admin/trainings?search=${encodeURIComponent(title)}`);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
  const toggle = row.getByRole('switch', { name: `Sold out: ${title}` });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Training availability updated')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Sold out', exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  expect((await storedTraining(page, created.id)).availability).toBe('sold_out');
  await expectNoSeriousA11yViolations(page);
  await toggle.click();
  await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
  expect((await storedTraining(page, created.id)).availability).toBe('open');
  await deleteTrainingByApi(page, created.id);
});
