import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { createTrainingByApi, deleteTrainingByApi, e2eSql, signInByApi } from './adminSession';
import type { Page } from '@playwright/test';

const day = (page: Page, n: number) => page.getByRole('group', { name: `Schedule day ${n}` });

async function fillDay(page: Page, n: number, values: { day: string; time: string; topics: string }) {
  await day(page, n).getByLabel('Day').fill(values.day);
  await day(page, n).getByLabel('Time').fill(values.time);
  await day(page, n).getByLabel('Topics').fill(values.topics);
}

test('an admin builds a three-day schedule with the editor and sees it on the public page', async ({ page }) => {
  // Waits for a real rebuild of the public site.
  test.setTimeout(180_000);
  await signInByApi(page);
  const training = await createTrainingByApi(page, { title: `Three Day Schedule ${Date.now()}`, isPublished: true });
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  const add = page.getByRole('button', { name: 'Add schedule day' });

  for (let n = 1; n <= 4; n++) await add.click();
  await expect(page.getByRole('group', { name: /^Schedule day/ })).toHaveCount(4);
  await fillDay(page, 1, { day: 'Day 1', time: '9:00 AM - 5:00 PM', topics: 'History taking and resourcing' });
  await fillDay(page, 2, { day: 'Day 3', time: '9:00 AM - 1:00 PM', topics: 'Closure and future template' });
  await fillDay(page, 3, { day: 'Day 2', time: '9:00 AM - 5:00 PM', topics: 'Desensitization practicum' });
  // A started row needs its day: the message sits under that row's Day field.
  await day(page, 4).getByLabel('Time').fill('6:00 PM');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(day(page, 4).getByText('Day is required')).toBeVisible();
  await expect(day(page, 4).getByLabel('Day')).toHaveAttribute('aria-invalid', 'true');
  await expect(day(page, 4).getByText('Topics are required')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await day(page, 4).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('group', { name: /^Schedule day/ })).toHaveCount(3);
  // Reordered with the keyboard: focus "Move up" on the third row and press Enter.
  await day(page, 3).getByRole('button', { name: 'Move up' }).focus();
  await page.keyboard.press('Enter');
  await expect(day(page, 2).getByLabel('Day')).toHaveValue('Day 2');
  await expect(day(page, 3).getByLabel('Day')).toHaveValue('Day 3');
  await expect(day(page, 2).getByRole('button', { name: 'Move up' })).toBeFocused();
  await expect(day(page, 1).getByRole('button', { name: 'Move up' })).toBeDisabled();

  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
  await expect(page.getByText('Training updated successfully')).toBeVisible();

  // Stored as the text of a JSON list of day, time, topics.
  const stored = await (await page.request.get(`/api/trainings/${training.id}`)).json();
  expect(JSON.parse(stored.schedule)).toEqual([
    { day: 'Day 1', time: '9:00 AM - 5:00 PM', topics: 'History taking and resourcing' },
    { day: 'Day 2', time: '9:00 AM - 5:00 PM', topics: 'Desensitization practicum' },
    { day: 'Day 3', time: '9:00 AM - 1:00 PM', topics: 'Closure and future template' },
  ]);
  await expect(async () => {
    const html = await (await page.request.get(`/training/${training.id}`)).text();
    expect(html).toContain('Closure and future template');
  }).toPass({ timeout: 120_000 });
  await page.goto(`/training/${training.id}`);
  const schedule = page.getByRole('region', { name: 'Schedule' }).getByRole('listitem');
  await expect(schedule).toHaveCount(3);
  await expect(schedule.nth(0)).toContainText('Day 1 · 9:00 AM - 5:00 PM');
  await expect(schedule.nth(1)).toContainText('Desensitization practicum');
  await expect(schedule.nth(2)).toContainText('Day 3 · 9:00 AM - 1:00 PM');
  await deleteTrainingByApi(page, training.id);
});

test('a stored schedule that is not valid JSON opens as one row with its text in Topics', async ({ page }) => {
  await signInByApi(page);
  const training = await createTrainingByApi(page, { title: `Old Schedule Text ${Date.now()}` });
  const sql = e2eSql();
  try {
    await sql`update trainings set schedule = ${'Day 1: intro, 9-5 {oops'} where id = ${training.id}`;
  } finally {
    await sql.end();
  }
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(page.getByRole('group', { name: /^Schedule day/ })).toHaveCount(1);
  await expect(day(page, 1).getByLabel('Topics')).toHaveValue('Day 1: intro, 9-5 {oops');
  await expect(day(page, 1).getByLabel('Day')).toHaveValue('');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await deleteTrainingByApi(page, training.id);
});
