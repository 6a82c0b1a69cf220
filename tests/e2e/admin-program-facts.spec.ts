import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { createTrainingByApi, deleteTrainingByApi, signInByApi } from './adminSession';
import { PROGRAM_MESSAGES } from '../../src/domain/trainingFacts/programFields';

const approval = (page: Page, n: number) => page.getByRole('group', { name: `CE approval ${n}`, exact: true });
const approvals = (page: Page) => page.getByRole('group', { name: /^CE approval \d+$/ });
const consultation = (page: Page) => page.getByRole('group', { name: 'Consultation', exact: true });
const disclosed = (page: Page) => page.getByRole('checkbox', { name: 'Consultation disclosed' });

const APA_STATEMENT =
  'EMDR Institute is approved by the American Psychological Association to sponsor continuing education for psychologists.';
const NBCC_STATEMENT =
  'EMDR Institute has been approved by NBCC as an Approved Continuing Education Provider, ACEP No. 5869.';

/** The training as the admin API returns it now. */
async function storedTraining(page: Page, id: string) {
  const list = (await (await page.request.get('/api/admin/trainings')).json()) as { id: string }[];
  return list.find((t) => t.id === id) as Record<string, unknown>;
}

test('an admin records a Basic Training with two CE approvals and its consultation, by keyboard, then removes an approval', async ({
  page,
}) => {
  // Creating a published training waits for the publisher, like any save.
  test.setTimeout(180_000);
  await signInByApi(page);
  await page.goto('/admin/trainings/new');
  await expect(page.getByRole('heading', { name: 'Add New Training' })).toBeVisible();
  const add = page.getByRole('button', { name: 'Add CE approval' });
  await expect(add).toBeEnabled();
  await expect(approvals(page)).toHaveCount(0);
  await expect(page.getByLabel('Program type')).toHaveValue('');
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await expect(disclosed(page)).not.toBeChecked();

  const title = `Program Facts Basic ${Date.now()}`;
  await page.getByLabel('Trainer *').selectOption({ label: 'Dr. Aisha Patel' });
  await page.getByLabel('Training Title *').fill(title);
  await page.getByLabel('Description *').fill('Weekend one of the basic training, with its CE approvals.');
  await page.getByLabel('Price (USD) *').fill('1450');
  await page.getByLabel('Start Date *').fill('2027-10-01T09:00');
  await page.getByLabel('End Date *').fill('2027-10-03T17:00');
  await page.getByLabel('Format *').selectOption('Virtual');
  await page.getByLabel('Location *').fill('Zoom');
  await page.getByLabel('Thinkific Registration URL *').fill('https://emdr.thinkific.com/courses/program-facts');
  await page.getByLabel('Refund Policy').fill('Full refund until 14 days before the start.');
  await page.getByLabel('Program type').selectOption({ label: 'Basic Training' });

  // The first approval, by keyboard: Enter on "Add CE approval" focuses the new row's body, Tab walks the row.
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(approval(page, 1).getByLabel('Approving body')).toBeFocused();
  await approval(page, 1).getByLabel('Approving body').selectOption({ label: 'American Psychological Association' });
  await page.keyboard.press('Tab');
  await expect(approval(page, 1).getByLabel('Board name')).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('APA-1234');
  await page.keyboard.press('Tab');
  await expect(approval(page, 1).getByLabel('CE hours')).toBeFocused();
  await page.keyboard.type('50');
  await page.keyboard.press('Tab');
  await page.keyboard.type(APA_STATEMENT);
  await page.keyboard.press('Tab');
  await expect(approval(page, 1).getByRole('button', { name: 'Remove approval 1' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(add).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(approval(page, 2).getByLabel('Approving body')).toBeFocused();
  await approval(page, 2).getByLabel('Approving body').selectOption('NBCC');
  await approval(page, 2).getByLabel('CE hours').fill('50');
  await approval(page, 2).getByLabel('Approval text').fill(NBCC_STATEMENT);

  // The consultation: Space on its checkbox shows its hours; included in the price, no cost to give.
  await disclosed(page).focus();
  await page.keyboard.press('Space');
  await expect(disclosed(page)).toBeChecked();
  await consultation(page).getByLabel('Consultation hours').fill('10');
  await expect(consultation(page).getByLabel('Lowest consultation cost (USD)')).toBeVisible();
  await consultation(page).getByRole('checkbox', { name: 'Included in the price' }).focus();
  await page.keyboard.press('Space');
  await expect(consultation(page).getByLabel('Lowest consultation cost (USD)')).toHaveCount(0);
  await page.getByLabel('Completion window (months)').fill('12');
  await page.getByLabel('Language').selectOption({ label: 'Spanish' });
  await page
    .getByLabel('More about who can attend')
    .fill('Licensed clinicians and graduate students in a clinical program');
  await page.getByLabel('Accessibility').fill('Live captions on every session');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Create Training' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
  await expect(page.getByText('Training created successfully')).toBeVisible();
  const list = (await (await page.request.get('/api/admin/trainings')).json()) as { id: string; title: string }[];
  const id = list.find((t) => t.title === title)!.id;
  expect(await storedTraining(page, id)).toMatchObject({
    isPublished: true,
    programType: 'basic',
    ceApprovals: [
      { body: 'APA', boardName: null, providerNumber: 'APA-1234', hours: 50, statement: APA_STATEMENT },
      { body: 'NBCC', boardName: null, providerNumber: null, hours: 50, statement: NBCC_STATEMENT },
    ],
    consultation: { hours: 10, included: true, costMin: null, costMax: null },
    completionWindowMonths: 12,
    language: 'es',
    eligibility: 'Licensed clinicians and graduate students in a clinical program',
    accessibility: 'Live captions on every session',
    totalCost: { min: 1450, max: 1450, complete: true },
  });

  // The edit page shows the rows as saved.
  await page.goto(`/admin/trainings/${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  await expect(approvals(page)).toHaveCount(2);
  await expect(approval(page, 1).getByLabel('Approving body')).toHaveValue('APA');
  await expect(approval(page, 1).getByLabel('Provider number')).toHaveValue('APA-1234');
  await expect(approval(page, 1).getByLabel('CE hours')).toHaveValue('50');
  await expect(approval(page, 1).getByLabel('Approval text')).toHaveValue(APA_STATEMENT);
  await expect(approval(page, 2).getByLabel('Approving body')).toHaveValue('NBCC');
  await expect(disclosed(page)).toBeChecked();
  await expect(consultation(page).getByLabel('Consultation hours')).toHaveValue('10');
  await expect(consultation(page).getByRole('checkbox', { name: 'Included in the price' })).toBeChecked();
  await expect(page.getByLabel('Completion window (months)')).toHaveValue('12');
  await expect(page.getByLabel('Language')).toHaveValue('es');
  await expect(page.getByLabel('Program type')).toHaveValue('basic');

  // Removing the first row by keyboard moves focus to the row that takes its place.
  await approval(page, 1).getByRole('button', { name: 'Remove approval 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(approvals(page)).toHaveCount(1);
  await expect(approval(page, 1).getByLabel('Approving body')).toHaveValue('NBCC');
  await expect(approval(page, 1).getByLabel('Approving body')).toBeFocused();
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
  await expect(page.getByText('Training updated successfully')).toBeVisible();
  expect((await storedTraining(page, id)).ceApprovals).toEqual([
    { body: 'NBCC', boardName: null, providerNumber: null, hours: 50, statement: NBCC_STATEMENT },
  ]);

  // Removing the last row leaves focus on "Add CE approval".
  await page.goto(`/admin/trainings/${id}`);
  await approval(page, 1).getByRole('button', { name: 'Remove approval 1' }).click();
  await expect(approvals(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add CE approval' })).toBeFocused();
  await deleteTrainingByApi(page, id);
});

test('publishing a Basic Training without its consultation is refused beside the consultation, and the form keeps what was typed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page);
  const training = await createTrainingByApi(page, {
    title: `Undisclosed Basic ${Date.now()}`,
    price: 500,
    programType: 'basic',
    refundPolicy: 'No refunds after the first day.',
    isPublished: false,
  });
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  await page.getByLabel('Venue').fill('Typed before the refusal');
  await page.getByRole('switch', { name: 'Published' }).check();
  await page.getByRole('button', { name: 'Update Training' }).click();

  // 422: the messages sit next to the facts that are missing; nothing typed is lost.
  await expect(page.getByText('Failed to update training')).toBeVisible();
  await expect(consultation(page).getByRole('alert')).toHaveText(PROGRAM_MESSAGES.needsConsultation);
  await expect(disclosed(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(PROGRAM_MESSAGES.needsCompletionWindow)).toBeVisible();
  await expect(page.getByLabel('Completion window (months)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(PROGRAM_MESSAGES.needsRefundPolicy)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/admin/trainings/${training.id}$`));
  await expect(page.getByLabel('Venue')).toHaveValue('Typed before the refusal');
  await expect(page.getByLabel('Training Title *')).toHaveValue(training.title);
  await expect(page.getByRole('switch', { name: 'Published' })).toBeChecked();
  await expect(page.getByLabel('Program type')).toHaveValue('basic');
  expect((await storedTraining(page, training.id)).isPublished).toBe(false);
  await expectNoSeriousA11yViolations(page);

  // Disclosed, with its cost since the price does not include it: the training publishes.
  await disclosed(page).check();
  await consultation(page).getByLabel('Consultation hours').fill('8');
  await consultation(page).getByLabel('Lowest consultation cost (USD)').fill('400');
  await consultation(page).getByLabel('Highest consultation cost (USD)').fill('600');
  await page.getByLabel('Completion window (months)').fill('18');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page.getByText('Training updated successfully')).toBeVisible();
  expect(await storedTraining(page, training.id)).toMatchObject({
    isPublished: true,
    venue: 'Typed before the refusal',
    consultation: { hours: 8, included: false, costMin: 400, costMax: 600 },
    completionWindowMonths: 18,
    // $500 of tuition and $400 to $600 of consultation.
    totalCost: { min: 900, max: 1100, complete: true },
  });
  await deleteTrainingByApi(page, training.id);
});

test("a server's message for one approval shows on that row's field", async ({ page }) => {
  await signInByApi(page);
  const training = await createTrainingByApi(page, {
    title: `Approval Rows ${Date.now()}`,
    ceApprovals: [
      { body: 'APA', hours: 14 },
      { body: 'STATE_BOARD', boardName: 'Texas BHEC', hours: 14 },
    ],
  });
  // The form checks rows with the API's own schema, so no real save gets this far: the answer is staged.
  const message = 'CE hours must be more than 0 and at most 200, in quarter hours';
  await page.route(`**/api/admin/trainings/${training.id}`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'Invalid input',
            fieldErrors: { ceApprovals: [message], 'ceApprovals.1.hours': [message] },
          }),
        })
      : route.continue(),
  );
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(approvals(page)).toHaveCount(2);
  await expect(approval(page, 2).getByLabel('Board name')).toHaveValue('Texas BHEC');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page.getByText('Failed to update training')).toBeVisible();
  await expect(approval(page, 2).getByRole('alert')).toHaveText(message);
  await expect(approval(page, 2).getByLabel('CE hours')).toHaveAttribute('aria-invalid', 'true');
  await expect(approval(page, 1).getByRole('alert')).toHaveCount(0);
  // Once, on the row: not repeated for the whole list.
  await expect(page.getByText(message)).toHaveCount(1);
  await deleteTrainingByApi(page, training.id);
});
