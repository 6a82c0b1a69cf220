import ICAL from 'ical.js';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { adminClient, untilSiteIdle } from '../support/adminClient';

/**
 * Consultation on the public site (docs/product.md, Consultation), over the demo data: a clinician
 * who finished Basic and wants certification hours, in Spanish, in the evening Eastern time, reaches
 * a matching offering from the home page in three interactions; the form works without JavaScript;
 * the calendar file as served reads back in ical.js to the stated sessions across a DST change.
 */
const base = () => process.env.E2E_BASE_URL!;

test('from the home page to a Spanish evening certification group in three interactions', async ({ page }) => {
  await page.goto(`${base()}/`);
  await page.getByRole('navigation').first().getByRole('link', { name: 'Find Consultation' }).click(); // 1
  await expect(page.getByRole('heading', { level: 1, name: 'EMDR Consultation' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Certification groups in the evening, Eastern time' }).click(); // 2
  const spanish = page.getByRole('link', { name: /Grupo de consulta para la Certificación EMDR/ });
  await expect(spanish).toBeVisible();
  // Its own words are Spanish on the card, for screen readers and search engines.
  await expect(page.locator('h2[lang="es"]', { has: spanish })).toHaveCount(1);
  await spanish.click(); // 3
  await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Requires a completed EMDR Basic Training.')).toBeVisible();
  await expect(page.getByTestId('offering-session')).toHaveCount(10);
  await expect(page.getByTestId('offering-session').first()).toContainText(/7:00 PM – 8:00 PM E[SD]T/);
  await expect(page.getByTestId('credential-line')).toHaveText('Credential not checked by us');
  await expectNoSeriousA11yViolations(page);
});

test('the filter form works without JavaScript and keeps the facets in the URL', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base()}/consultation`);
  await page.getByLabel('Counts toward').selectOption('basic');
  await page.getByLabel('Language').selectOption('es');
  await page.getByRole('button', { name: 'Show consultation' }).click();
  await expect(page).toHaveURL(/toward=basic/);
  await expect(page).toHaveURL(/lang=es/);
  await expect(page.getByTestId('offering-card')).toHaveCount(1);
  await expect(page.getByTestId('offering-card')).toContainText('Grupo de consulta EMDR en español');
  await expect(page.getByLabel('Counts toward')).toHaveValue('basic');
  await context.close();
});

test('the served calendar file expands in ical.js to the stated sessions at 6 PM across the November change', async ({
  request,
}) => {
  const admin = await adminClient(base());
  const trainers = (await admin.call('GET', '/api/admin/trainers')).body as { id: string }[];
  const created = await admin.call('POST', '/api/admin/consultations', {
    trainerId: trainers[0]!.id,
    consultantCredential: 'emdria-approved-consultant',
    title: 'Autumn evening group across the change',
    kind: 'group',
    countsToward: ['certification'],
    schedule: 'repeat',
    firstSession: '2027-10-19T18:00',
    sessionMinutes: 90,
    repeat: 'weekly',
    sessionCount: 5,
    skippedDates: ['2027-10-26'],
    timeZone: 'America/New_York',
    format: 'Virtual',
    location: 'Zoom',
    language: 'en',
    groupMax: 6,
    price: 45,
    priceUnit: 'hour',
    groupHours: 6,
  });
  expect(created.status).toBe(201);
  await untilSiteIdle(admin);
  const answer = await request.get(`${base()}/consultation/${created.body.id}.ics`);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('text/calendar');
  const root = new ICAL.Component(ICAL.parse(await answer.text()));
  const events = root.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  const it = event.iterator();
  const local: string[] = [];
  for (let next = it.next(); next && local.length < 50; next = it.next()) {
    const start = event.getOccurrenceDetails(next).startDate.toJSDate();
    local.push(
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'short' }).format(
        start,
      ),
    );
  }
  // The five stated sessions, the 26th skipped, every one at 6 PM on New York’s clock either side of Nov 7.
  expect(local).toEqual([
    '2027-10-19 18:00',
    '2027-11-02 18:00',
    '2027-11-09 18:00',
    '2027-11-16 18:00',
    '2027-11-23 18:00',
  ]);
});
