import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { adminClient } from '../support/adminClient';

const TITLE = 'Entrenamiento Básico EMDR (program facts)';
// Statements are shown exactly as given: two spaces, a line break and an indent stay.
const APA_STATEMENT =
  'Valle Institute is approved by the American Psychological Association to sponsor continuing education for psychologists.\n  Valle Institute maintains responsibility for this program and its content.';
const NBCC_STATEMENT =
  'Valle Institute has been approved by NBCC as an Approved Continuing Education Provider, ACEP No. 6759.  Programs that do not qualify for NBCC credit are clearly identified. <b>not bold</b>';
const ELIGIBILITY = 'Licensed mental health clinicians and graduate students in a supervised practicum.';
const ACCESSIBILITY = 'Step-free venue; live Spanish captions on request two weeks ahead.';

test('a Basic Training shows its CE approvals, its whole cost, language and attendance facts on its page and card', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await admin.call('POST', '/api/admin/trainers', {
    name: 'Dra. Lucía Valle',
    bio: 'Trainer bio.',
    statesServed: ['TX'],
  });
  expect(trainer.status).toBe(201);
  const created = await admin.call('POST', '/api/admin/trainings', {
    trainerId: trainer.body.id,
    title: TITLE,
    description: 'Ocho fases del tratamiento EMDR, en español.',
    price: 1250,
    ceCredits: 50,
    startDate: '2027-10-08T14:00:00.000Z',
    endDate: '2027-10-10T22:00:00.000Z',
    format: 'In-Person',
    location: 'San Antonio, TX',
    state: 'TX',
    isEMDRIACertified: true,
    refundPolicy: 'Full refund until 30 days before the first day.',
    thinkificUrl: 'https://emdr.thinkific.com/courses/basico',
    isPublished: true,
    programType: 'basic',
    ceApprovals: [
      { body: 'APA', providerNumber: 'APA-1234', hours: 50, statement: APA_STATEMENT },
      { body: 'NBCC', providerNumber: '6759', hours: 50, statement: NBCC_STATEMENT },
    ],
    consultation: { hours: 10, included: false, costMin: 600, costMax: 900 },
    completionWindowMonths: 18,
    language: 'es',
    eligibility: ELIGIBILITY,
    accessibility: ACCESSIBILITY,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  await expect(async () => expect((await request.get(`/training/${id}`)).status()).toBe(200)).toPass({
    timeout: 60_000,
  });

  await page.goto(`/training/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
  await expect(page.getByText('Basic Training', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Full cost disclosed', { exact: true })).toBeVisible();

  const ce = page.getByRole('region', { name: 'Continuing education' });
  await expect(ce.getByText('American Psychological Association (APA)')).toBeVisible();
  await expect(ce.getByText('National Board for Certified Counselors (NBCC)')).toBeVisible();
  await expect(ce.getByText('APA-1234', { exact: true })).toBeVisible();
  await expect(ce.getByText('50 hours', { exact: true })).toHaveCount(2);
  const statements = ce.getByTestId('ce-statement');
  await expect(statements).toHaveCount(2);
  expect(await statements.allTextContents()).toEqual([APA_STATEMENT, NBCC_STATEMENT]);
  // Shown as written, line break included, and as text: the markup in it is no element.
  expect(await statements.first().innerText()).toContain('for psychologists.\n  Valle Institute');
  expect(await ce.locator('b').count()).toBe(0);

  const cost = page.getByRole('region', { name: 'What it costs' });
  await expect(cost).toContainText('Tuition$1,250');
  await expect(cost).toContainText('Consultation10 hours, about $600–$900, not included');
  await expect(cost).toContainText('Total cost$1,850–$2,150');
  await expect(cost).toContainText('Complete within 18 months');

  await expect(page.getByRole('region', { name: 'Who can attend' })).toContainText(ELIGIBILITY);
  await expect(page.getByRole('region', { name: 'Accessibility' })).toContainText(ACCESSIBILITY);

  const side = page.getByRole('complementary', { name: 'Registration' });
  await expect(side).toContainText('LanguageSpanish');
  await expect(side).toContainText('CE HoursAPA 50 · NBCC 50');
  await expect(side).toContainText('$1,850–$2,150');
  await expect(page.getByText('In Spanish', { exact: true })).toBeVisible();

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({
    inLanguage: 'es',
    description: 'Ocho fases del tratamiento EMDR, en español. CE: APA 50 hours, NBCC 50 hours.',
    offers: { price: 1250, priceCurrency: 'USD' },
  });
  await expectNoSeriousA11yViolations(page);

  // The calendar file carries the CE and cost lines.
  const ics = (await (await request.get(`/api/trainings/${id}/calendar`)).text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain('CE: APA (American Psychological Association): 50 CE hours\\, provider APA-1234');
  expect(ics).toContain('Total cost: $1\\,850–$2\\,150');

  // The card in the list: program type, approving bodies, the total with consultation, the badge.
  await page.goto(`/trainings?search=${encodeURIComponent('program facts')}`);
  const card = page.getByTestId('training-card').filter({ hasText: TITLE });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Basic Training');
  await expect(card).toContainText('APA · NBCC');
  await expect(card).toContainText('$1,250');
  await expect(card).toContainText('Total $1,850–$2,150 with consultation');
  await expect(card.getByText('Full cost disclosed', { exact: true })).toBeVisible();

  expect((await admin.call('DELETE', `/api/admin/trainers/${trainer.body.id}`)).status).toBe(200);
});
