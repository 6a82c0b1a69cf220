import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { adminClient, type AdminClient } from '../support/adminClient';
import { REGISTER_CONTINUE_EVENT } from '../../src/domain/trainingFacts/registerChecklistScript';

/**
 * Who can attend (docs/product.md, Program facts) on the public site: the page says who may
 * attend and what it requires, the Register button asks first in a native dialog, the "I am a …"
 * and "I can take now" filters find what a clinician may take, and a training that states nothing
 * looks as it always did.
 */
const cards = (page: Page) => page.getByTestId('training-card');
const side = (page: Page) => page.getByRole('complementary', { name: 'Registration' });
const checklist = (page: Page) => page.getByRole('dialog', { name: 'Before you register' });
// The filters panel (a phone's one button) holds More filters: the inner details is the one.
const more = (page: Page) =>
  page.locator('details:not(.filters-panel)').filter({ has: page.getByText('More filters') });
// A page of the site under test stands in for the course platform: the browser has no way out.
const REGISTER_URL = () => `${process.env.E2E_BASE_URL}/partner?from=who-can-attend`;
const onRegistration = async (opened: Promise<Page>) => (await opened).waitForURL(/\/partner\?from=who-can-attend$/);

let admin: AdminClient;
let trainerId: string;
test.beforeEach(async () => {
  admin = await adminClient(process.env.E2E_BASE_URL);
  trainerId = (await admin.call('POST', '/api/admin/trainers', { name: 'Dr. Who Attends', bio: 'Bio.' })).body.id;
});
test.afterEach(async () => {
  // Its trainings go with the trainer: the demo's fourteen stay as the other specs expect them.
  await admin.call('DELETE', `/api/admin/trainers/${trainerId}`);
});

async function createTraining(title: string, days: number, facts: Record<string, unknown> = {}): Promise<string> {
  const created = await admin.call('POST', '/api/admin/trainings', {
    trainerId,
    title,
    description: 'Eight phases, with practicum.',
    price: 1400,
    startDate: new Date(Date.now() + days * 86_400_000).toISOString(),
    endDate: new Date(Date.now() + (days + 1) * 86_400_000).toISOString(),
    format: 'Virtual',
    location: 'Zoom',
    state: 'CO',
    thinkificUrl: REGISTER_URL(),
    ...facts,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

async function published(page: Page, id: string) {
  await expect(async () => expect((await page.request.get(`/training/${id}`)).status()).toBe(200)).toPass({
    timeout: 90_000,
  });
}

/** Counts the continued Register clicks the way a beacon would: by the one event they all send. */
async function countContinued(page: Page) {
  await page.evaluate((name) => {
    const w = window as unknown as { continued: number };
    w.continued = 0;
    document.addEventListener(name, () => w.continued++);
  }, REGISTER_CONTINUE_EVENT);
  return () => page.evaluate(() => (window as unknown as { continued: number }).continued);
}

test('the page says who can attend, and Register shows the checklist first; Go back stays, Continue goes on', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const id = await createTraining(`Advanced for counselors ${Date.now()}`, 30, {
    programType: 'advanced',
    eligibleLicenses: ['counselor', 'social_worker'],
    preLicensed: false,
    students: { allowed: true, proof: 'A letter from the program director' },
    prerequisite: 'emdr_basic',
    eligibility: 'Bring your license number.',
  });
  await published(page, id);
  await page.goto(`/training/${id}`);
  const who = page.getByRole('region', { name: 'Who can attend' });
  await expect(who.getByRole('listitem')).toHaveText([
    'License types: Counselors (LPC, LPCC, LMHC), Social workers (LCSW, LICSW)',
    'Pre-licensed clinicians under supervision: no',
    'Graduate students: yes, with proof of enrolment (A letter from the program director)',
    'Requires a completed EMDR Basic Training',
  ]);
  await expect(who).toContainText('Bring your license number.');
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd.audience).toEqual({
    '@type': 'EducationalAudience',
    educationalRole: [
      'Counselors (LPC, LPCC, LMHC)',
      'Social workers (LCSW, LICSW)',
      'Graduate students in a program leading to licensure',
    ],
  });
  expect(jsonLd.description).toContain('Requires a completed EMDR Basic Training.');
  const continued = await countContinued(page);

  // By keyboard: Enter on Register opens the checklist instead of leaving.
  const register = side(page).getByRole('link', { name: /Register on Thinkific/ });
  await register.focus();
  await page.keyboard.press('Enter');
  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page).getByRole('listitem')).toHaveText([
    'This training is for: Counselors (LPC, LPCC, LMHC), Social workers (LCSW, LICSW), graduate students in a program leading to licensure, with proof of enrolment',
    'It requires: a completed EMDR Basic Training',
  ]);
  await expectNoSeriousA11yViolations(page);
  expect(context.pages()).toHaveLength(1);

  // Go back keeps the visitor on the page, focus back on Register; Escape does the same.
  await checklist(page).getByRole('button', { name: 'Go back' }).click();
  await expect(checklist(page)).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/training/${id}$`));
  await expect(register).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(checklist(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(checklist(page)).toBeHidden();
  expect(context.pages()).toHaveLength(1);
  expect(await continued()).toBe(0);

  // Continue to registration opens the registration page; later clicks in this visit go straight on.
  await register.click();
  const opened = context.waitForEvent('page');
  await checklist(page)
    .getByRole('link', { name: /Continue to registration/ })
    .click();
  await onRegistration(opened);
  await expect(checklist(page)).toBeHidden();
  const again = context.waitForEvent('page');
  await register.click();
  await onRegistration(again);
  await expect(checklist(page)).toBeHidden();
  expect(await continued()).toBe(2);
});

test('without JavaScript, Register is a plain link and the page still says who can attend', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const id = await createTraining(`Restricted cohort ${Date.now()}`, 40, {
    restrictedTo: 'Staff of County Behavioral Health only',
  });
  await published(page, id);
  await page.goto(`/training/${id}`);
  await expect(page.getByRole('region', { name: 'Who can attend' })).toContainText(
    'Restricted to Staff of County Behavioral Health only',
  );
  const opened = context.waitForEvent('page');
  await side(page)
    .getByRole('link', { name: /Register on Thinkific/ })
    .click();
  await onRegistration(opened);
  await expect(checklist(page)).toBeHidden();
  await context.close();
});

test('a SPEC-shaped training looks as today: no Who can attend, no checklist, no eligibility badge', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const title = `Plain listing ${Date.now()}`;
  const id = await createTraining(title, 50);
  await published(page, id);
  await page.goto(`/training/${id}`);
  await expect(page.getByRole('region', { name: 'Who can attend' })).toHaveCount(0);
  await expect(page.locator('dialog')).toHaveCount(0);
  const opened = context.waitForEvent('page');
  await side(page)
    .getByRole('link', { name: /Register on Thinkific/ })
    .click();
  await onRegistration(opened);
  await page.goto(`/trainings?search=${encodeURIComponent(title)}`);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).not.toContainText('Eligibility not stated');
  await expect(cards(page)).not.toContainText('Students welcome');
});

test('a counselor sees the training for counselors, then the one that states nothing, and not the one for psychologists only', async ({
  page,
}) => {
  const word = `Kestrel${Date.now()}`;
  // The one that states nothing starts first: the order is the filter's doing.
  await createTraining(`${word} states nothing`, 20);
  await createTraining(`${word} for counselors`, 25, {
    eligibleLicenses: ['counselor', 'mft', 'other'],
    otherLicense: 'Art therapists',
  });
  await createTraining(`${word} for psychologists`, 30, { eligibleLicenses: ['psychologist'] });
  await page.goto(`/?search=${word}`);
  await expect(cards(page)).toHaveCount(3);

  const who = page.getByLabel('I am a …');
  await expect(who.locator('option', { hasText: 'Counselor' })).toHaveText('Counselor (LPC, LPCC, LMHC) (2)');
  await who.selectOption('counselor');
  await expect(page).toHaveURL(new RegExp(`\\?license=counselor&search=${word}$`));
  await expect(cards(page).getByRole('heading')).toHaveText([`${word} for counselors`, `${word} states nothing`]);
  await expect(cards(page).first()).toContainText('For Counselors · Marriage and family therapists · Art therapists');
  await expect(cards(page).last().getByText('Eligibility not stated', { exact: true })).toBeVisible();
  await expect(cards(page).first()).not.toContainText('Eligibility not stated');
  await expect(page.getByText('1 filter(s) active')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByLabel('I am a …')).toHaveValue('counselor');
  await expect(cards(page).getByRole('heading')).toHaveText([`${word} for counselors`, `${word} states nothing`]);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?search=${word}$`));
  await expect(cards(page)).toHaveCount(3);
  await page.goForward();
  await expect(cards(page)).toHaveCount(2);
});

test('"Show only trainings I can take now" hides the Advanced trainings, by keyboard, in the URL, and without JavaScript', async ({
  page,
  browser,
  baseURL,
}) => {
  const all = (await (await page.request.get('/api/trainings')).json()) as { title: string; prerequisite: string }[];
  const canTake = all.filter((t) => t.prerequisite !== 'emdr_basic' && t.prerequisite !== 'emdria_certified');
  expect(all.map((t) => t.title)).toContain('Complex Trauma and Dissociation: EMDR Advanced Workshop');
  expect(canTake.length).toBeLessThan(all.length);

  await page.goto('/');
  await more(page).locator('summary').focus();
  await page.keyboard.press('Enter');
  const box = page.getByRole('checkbox', { name: /^Show only trainings I can take now/ });
  await expect(box).toHaveAccessibleName(`Show only trainings I can take now (${canTake.length})`);
  await box.focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\?prereq=none$/);
  await expect(page.getByText(`${canTake.length} training(s) found`)).toBeVisible();
  await expect(cards(page).filter({ hasText: 'Advanced Workshop' })).toHaveCount(0);
  await page.reload();
  await expect(more(page)).toHaveAttribute('open', '');
  await expect(page.getByRole('checkbox', { name: /^Show only trainings I can take now/ })).toBeChecked();

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await noScript.newPage();
  await plain.goto('/');
  await plain.getByLabel('I am a …').selectOption('student');
  await plain.getByText('More filters').click();
  await plain.getByRole('checkbox', { name: /^Show only trainings I can take now/ }).check();
  await plain.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(plain).toHaveURL(/\/trainings\?.*license=student.*prereq=none/);
  const expected = (await (await plain.request.get('/api/trainings?license=student&prereq=none')).json()) as {
    title: string;
  }[];
  await expect(plain.getByText(`${expected.length} training(s) found`)).toBeVisible();
  await expect(cards(plain).getByRole('heading')).toHaveText(expected.map((t) => t.title));
  await noScript.close();
});
