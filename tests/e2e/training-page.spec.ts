import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';
import { adminClient } from '../support/adminClient';

/** A training with hostile text, created through the admin API, and its published page. */
async function createTraining(overrides: Record<string, unknown> = {}) {
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await admin.call('POST', '/api/admin/trainers', {
    name: 'Dr. Jo </script><b>Bold</b>',
    bio: 'Trainer bio <img src=x onerror=alert(1)>',
    credentials: 'PhD, LMFT',
    website: 'https://jo.example.com',
    statesServed: ['OR'],
  });
  expect(trainer.status).toBe(201);
  const training = await admin.call('POST', '/api/admin/trainings', {
    trainerId: trainer.body.id,
    title: 'Portland EMDR Intensive </script><!--<script>',
    description: 'Three days of EMDR practice, "quoted" & <em>escaped</em>.',
    price: 1250,
    ceCredits: 20,
    startDate: '2027-09-10T16:00:00.000Z',
    endDate: '2027-09-12T23:00:00.000Z',
    format: 'Hybrid',
    location: 'Portland, OR',
    venue: 'Eastside Conference Center',
    state: 'OR',
    isEMDRIACertified: true,
    schedule: JSON.stringify([
      { day: 'Day 1', time: '9:00 AM - 5:00 PM', topics: 'History taking and preparation' },
      { day: 'Day 2', time: '9:00 AM - 5:00 PM', topics: 'Desensitization practicum' },
    ]),
    refundPolicy: 'Full refund until 30 days before.',
    thinkificUrl: 'https://emdr.thinkific.com/courses/portland',
    isPublished: true,
    ...overrides,
  });
  expect(training.status).toBe(201);
  return { admin, trainerId: trainer.body.id as string, id: training.body.id as string };
}

test('a published training has a complete page, registration link, calendar file and JSON-LD', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, trainerId, id } = await createTraining();
  await expect(async () => expect((await request.get(`/training/${id}`)).status()).toBe(200)).toPass({
    timeout: 60_000,
  });
  await page.goto(`/training/${id}`);
  const title = 'Portland EMDR Intensive </script><!--<script>';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} | EMDR Training`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Three days of EMDR practice, "quoted" & <em>escaped</em>.',
  );
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Home\s*\/\s*Training Details/);
  await expect(page.getByText('EMDRIA Certified', { exact: true })).toBeVisible();
  await expect(page.getByText('20 CE Credits')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Schedule' })).toBeVisible();
  await expect(page.getByText('Desensitization practicum')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About the Trainer' })).toBeVisible();
  const about = page.getByRole('region', { name: 'About the Trainer' });
  await expect(about.getByText('Dr. Jo </script><b>Bold</b>', { exact: true })).toBeVisible();
  await expect(about.getByText('Trainer bio <img src=x onerror=alert(1)>')).toBeVisible();
  await expect(about.getByText('PhD, LMFT')).toBeVisible();
  await expect(about.getByRole('link', { name: /Visit website/ })).toHaveAttribute('href', 'https://jo.example.com');
  await expect(page.getByRole('heading', { name: 'Refund Policy' })).toBeVisible();

  const side = page.getByRole('complementary', { name: 'Registration' });
  await expect(side).toContainText('$1,250');
  await expect(side).toContainText('Sep 10, 2027 - Sep 12, 2027');
  await expect(side).toContainText('Eastside Conference Center');
  await expect(side).toContainText('20 CE hours');
  const register = side.getByRole('link', { name: /Register on Thinkific/ });
  await expect(register).toHaveAttribute('href', 'https://emdr.thinkific.com/courses/portland');
  await expect(register).toHaveAttribute('target', '_blank');
  await expect(register).toHaveAttribute('rel', 'noopener noreferrer');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    side.getByRole('link', { name: 'Add to Calendar' }).click(),
  ]);
  const ics = await new Response((await download.createReadStream()) as unknown as ReadableStream).text();
  expect(download.suggestedFilename()).toBe('portland-emdr-intensive-script-script.ics');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`UID:${id}@emdr-training-marketplace`);
  expect(ics).toContain('DTSTART:20270910T160000Z');
  expect(ics).toContain('DTEND:20270912T230000Z');
  expect(ics.replace(/\r\n[ \t]/g, '')).toContain(`URL:http://localhost:4321/training/${id}`);

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({
    '@type': 'EducationEvent',
    name: title,
    startDate: '2027-09-10T09:00:00-07:00',
    eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
    offers: { price: 1250, priceCurrency: 'USD' },
    organizer: { name: 'Dr. Jo </script><b>Bold</b>' },
  });
  // The page ships no React: nothing on it needs to react.
  expect(await page.locator('astro-island').count()).toBe(0);
  await expectNoSeriousA11yViolations(page);

  // The admin tables show the same text as text.
  await signIn(page);
  await page.goto('/admin/trainers');
  await expect(page.getByRole('cell', { name: 'Dr. Jo </script><b>Bold</b>', exact: true })).toBeVisible();
  await page.goto('/admin/trainings');
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  expect(await page.locator('b, em').count()).toBe(0);

  expect((await admin.call('DELETE', `/api/admin/trainers/${trainerId}`)).status).toBe(200);
});

test('an unknown training answers 404 with the site chrome and a way back to the list', async ({ page }) => {
  const response = await page.goto('/training/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Training not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all trainings' })).toHaveAttribute('href', '/#trainings');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
