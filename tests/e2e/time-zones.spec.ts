import { test, expect } from './fixtures';
import { signIn } from './adminHelpers';

// The admin's and the visitor's browser is in Tokyo, 17 hours ahead of Los Angeles in March.
test.use({ timezoneId: 'Asia/Tokyo' });

const TITLE = 'Pacific Coast EMDR Day, typed in Tokyo';

test('an admin in Tokyo creates a Los Angeles training at 9:00 AM: its page, calendar file and card keep Pacific time', async ({
  page,
}) => {
  // Waits for a real rebuild of the public site.
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/admin/trainings/new');
  await expect(page.getByRole('heading', { name: 'Add New Training' })).toBeVisible();
  await page.getByLabel('Trainer *').selectOption({ label: 'Dr. Maria Gonzalez' });
  await page.getByLabel('Training Title *').fill(TITLE);
  await page.getByLabel('Description *').fill('One day of EMDR practice on Pacific time.');
  await page.getByLabel('Start Date *').fill('2027-03-06T09:00');
  await page.getByLabel('End Date *').fill('2027-03-06T17:00');
  await page.getByLabel('Format *').selectOption('Hybrid');
  await page.getByLabel('Location *').fill('Los Angeles, CA');
  await page.getByLabel('Thinkific Registration URL *').fill('https://emdr.thinkific.com/courses/pacific-day');
  await page.getByRole('button', { name: 'Add schedule day' }).click();
  const firstDay = page.getByRole('group', { name: /^Schedule day/ }).first();
  await firstDay.getByLabel('Day').fill('Day 1');
  await firstDay.getByLabel('Time').fill('9:00 AM - 5:00 PM');
  await firstDay.getByLabel('Topics').fill('Resourcing practicum');

  // A split state says so; California's zone is Pacific Time.
  const zone = page.getByLabel('Time zone *');
  await page.getByLabel('State').selectOption('FL');
  await expect(page.getByText('This state spans two time zones.')).toBeVisible();
  await page.getByLabel('State').selectOption('CA');
  await expect(page.getByText('This state spans two time zones.')).toHaveCount(0);
  await expect(zone.locator('option:checked')).toHaveText("Pacific Time (Los Angeles), the state's zone");
  await expect(page.getByText('On the clock of Pacific Time (Los Angeles), wherever you are.').first()).toBeVisible();

  await page.getByRole('button', { name: 'Create Training' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
  await expect(page.getByText('Training created successfully')).toBeVisible();

  const [created] = await (await page.request.get(`/api/trainings?search=${encodeURIComponent(TITLE)}`)).json();
  expect(created).toMatchObject({
    timeZone: 'America/Los_Angeles',
    startDate: '2027-03-06T17:00:00.000Z',
    endDate: '2027-03-07T01:00:00.000Z',
  });
  const id = created.id as string;

  // Editing shows the same wall-clock times, still from Tokyo.
  await page.goto(`/admin/trainings/${id}`);
  await expect(page.getByLabel('Start Date *')).toHaveValue('2027-03-06T09:00');
  await expect(page.getByLabel('End Date *')).toHaveValue('2027-03-06T17:00');

  await expect(async () => expect((await page.request.get(`/training/${id}`)).status()).toBe(200)).toPass({
    timeout: 90_000,
  });
  await page.goto(`/training/${id}`);
  await expect(page.getByTestId('training-when')).toHaveText('Sat, Mar 6, 2027 · 9:00 AM – 5:00 PM PST');
  // A hybrid training is joined from anywhere: the visitor also sees their own clock.
  await expect(page.getByText('Your time:')).toHaveText('Your time: Sun, Mar 7, 2027 · 2:00 AM – 10:00 AM GMT+9');
  // That line is written by a small inline script: the page still loads no script file and no React.
  expect(await page.locator('script[src]').count()).toBe(0);
  expect(await page.locator('astro-island').count()).toBe(0);
  await expect(page.getByText('Day 1 · 9:00 AM - 5:00 PM PST')).toBeVisible();
  const side = page.getByRole('complementary', { name: 'Registration' });
  await expect(side).toContainText('Mar 6, 2027');
  await expect(side).not.toContainText('Mar 7, 2027');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ startDate: '2027-03-06T09:00:00-08:00', endDate: '2027-03-06T17:00:00-08:00' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    side.getByRole('link', { name: 'Add to Calendar' }).click(),
  ]);
  const ics = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
  expect(ics).toContain('DTSTART:20270306T170000Z');
  expect(ics).toContain('DTEND:20270307T010000Z');

  // The card, drawn by the browser in Tokyo, shows the training's own day.
  await page.goto(`/?search=${encodeURIComponent(TITLE)}`);
  const card = page.getByTestId('training-card').filter({ hasText: TITLE });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Mar 6, 2027');
  await expect(card).not.toContainText('Mar 7, 2027');
});
