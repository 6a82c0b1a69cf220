import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { adminClient, type AdminClient } from '../support/adminClient';
import { parseCalendar } from '../support/icalendar';
import { formatWhen } from '../../src/domain/time/timeZones';

/**
 * Programs in parts and availability on the public site (docs/product.md, Parts and Availability):
 * each part on its page in its own zone, one calendar event and one JSON-LD subEvent per part, the
 * card's first part and "+1 more part"; the sold-out badge, SoldOut, the Seats available filter, the
 * waitlist button and a cancelled training's notice.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

const cards = (page: Page) => page.getByTestId('training-card');
const side = (page: Page) => page.getByRole('complementary', { name: 'Registration' });
const jsonLdOf = async (page: Page) =>
  JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as Record<string, any>;

let admin: AdminClient;
let trainerId: string;
test.beforeEach(async () => {
  admin = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await admin.call('POST', '/api/admin/trainers', { name: 'Dr. Parts Page', bio: 'Bio.' });
  trainerId = trainer.body.id;
});
test.afterEach(async () => {
  await admin.call('DELETE', `/api/admin/trainers/${trainerId}`);
});

async function createTraining(fields: Record<string, unknown>): Promise<string> {
  const created = await admin.call('POST', '/api/admin/trainings', {
    trainerId,
    description: 'Eight phases, with practicum.',
    price: 1400,
    startDate: '2027-11-01T17:00:00.000Z',
    endDate: '2027-11-02T01:00:00.000Z',
    format: 'In-Person',
    location: 'Sacramento, CA',
    state: 'CA',
    thinkificUrl: 'https://emdr.thinkific.com/courses/parts',
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

async function published(page: Page, id: string) {
  await expect(async () => expect((await page.request.get(`/training/${id}`)).status()).toBe(200)).toPass({
    timeout: 60_000,
  });
}

test('a 2-part training shows both parts in their zones, two calendar events, two subEvents, and stays one card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Basic in two parts ${Date.now()}`;
  const id = await createTraining({
    title,
    // A day of Part 2 carries Part 2's zone.
    schedule: JSON.stringify([{ day: 'Day 4', time: '9:00 AM - 5:00 PM', topics: 'Practicum', part: 'Part 2' }]),
    parts: [
      { startDate: '2027-03-06T09:00', endDate: '2027-03-08T17:00', timeZone: 'America/Los_Angeles' },
      {
        startDate: '2027-04-10T09:00',
        endDate: '2027-04-11T17:00',
        timeZone: 'America/Chicago',
        format: 'Virtual',
        location: 'Zoom',
      },
    ],
  });
  await published(page, id);
  await page.goto(`/training/${id}`);
  const parts = page.getByRole('list', { name: 'Parts' }).getByRole('listitem');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toHaveText(
    'Part 1 — Sat, Mar 6 – Mon, Mar 8, 2027 · 9:00 AM – 5:00 PM PST · Sacramento, CA · In-Person',
  );
  await expect(parts.nth(1)).toContainText(
    'Part 2 — Sat, Apr 10 – Sun, Apr 11, 2027 · 9:00 AM – 5:00 PM CDT · Zoom · Virtual',
  );
  // The online part also reads on the visitor's clock (this browser runs in Tokyo).
  await expect(parts.nth(1).getByText('Your time:')).toHaveText(
    `Your time: ${formatWhen('2027-04-10T14:00:00Z', '2027-04-11T22:00:00Z', 'Asia/Tokyo')}`,
  );
  await expect(parts.nth(0).getByText('Your time:')).toHaveCount(0);
  await expect(side(page)).toContainText('DatesMar 6, 2027 - Apr 11, 2027 · 2 parts');
  await expect(page.getByRole('region', { name: 'Schedule' })).toContainText('Part 2 · Day 4 · 9:00 AM - 5:00 PM CDT');
  const ld = await jsonLdOf(page);
  expect(ld.subEvent).toHaveLength(2);
  expect(ld.subEvent[1]).toMatchObject({ startDate: '2027-04-10T09:00:00-05:00', name: `${title} — Part 2` });
  await expectNoSeriousA11yViolations(page);

  const ics = await (await page.request.get(`/api/trainings/${id}/calendar`)).text();
  const events = parseCalendar(ics).events;
  expect(events.map((e) => e.uid)).toEqual([
    `${id}-part-1@emdr-training-marketplace`,
    `${id}-part-2@emdr-training-marketplace`,
  ]);

  await page.goto(`/trainings?search=${encodeURIComponent(title)}`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText('Mar 6, 2027 - Mar 8, 2027 +1 more part');
});

test('sold out: the badge, a disabled Sold out, SoldOut in the JSON-LD, and Seats available hides it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `Sold out cohort ${Date.now()}`;
  const id = await createTraining({ title, availability: 'sold_out' });
  await published(page, id);
  await page.goto(`/training/${id}`);
  await expect(side(page).getByRole('button', { name: 'Sold out' })).toBeDisabled();
  await expect(side(page).getByRole('link', { name: /Register/ })).toHaveCount(0);
  expect((await jsonLdOf(page)).offers.availability).toBe('https://schema.org/SoldOut');
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/trainings?search=${encodeURIComponent(title)}`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByText('Sold out', { exact: true })).toBeVisible();
  // The box works by keyboard, lives in the URL, and says how many have seats.
  await page.getByText('More filters', { exact: true }).click();
  const box = page.getByRole('checkbox', { name: /^Seats available/ });
  await expect(box).toHaveAccessibleName('Seats available (0)');
  await box.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/available=1/);
  await expect(cards(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /^Seats available/ })).toBeChecked();
  await expect(cards(page)).toHaveCount(0);
});

test('a waitlist reads Join waitlist; a cancelled training says so first and has no button', async ({ page }) => {
  test.setTimeout(120_000);
  const waitlist = 'https://emdr.thinkific.com/courses/parts-waitlist';
  const full = await createTraining({ title: `Full ${Date.now()}`, availability: 'sold_out', waitlistUrl: waitlist });
  const cancelled = await createTraining({ title: `Cancelled ${Date.now()}`, availability: 'cancelled' });
  await published(page, full);
  await published(page, cancelled);
  await page.goto(`/training/${full}`);
  await expect(side(page).getByRole('link', { name: /^Join waitlist/ })).toHaveAttribute('href', waitlist);

  await page.goto(`/training/${cancelled}`);
  await expect(page.getByRole('status').filter({ hasText: 'This training has been cancelled.' })).toBeVisible();
  await expect(side(page).getByRole('link', { name: /Register|waitlist/ })).toHaveCount(0);
  await expect(side(page).getByRole('button', { name: 'Sold out' })).toHaveCount(0);
  expect((await jsonLdOf(page)).eventStatus).toBe('https://schema.org/EventCancelled');
  expect(await (await page.request.get(`/api/trainings/${cancelled}/calendar`)).text()).toContain('STATUS:CANCELLED');
  await expectNoSeriousA11yViolations(page);
});
