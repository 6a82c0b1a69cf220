import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { createTrainingByApi, deleteTrainingByApi, signInByApi } from './adminSession';
import { ELIGIBILITY_MESSAGES } from '../../src/domain/trainingFacts/eligibilityFields';

/** The training form's "Who can attend" (ADR 0045): its fields, their messages, saved and shown again. */
const who = (page: Page) => page.getByRole('group', { name: 'Who can attend', exact: true });
const licenses = (page: Page) => page.getByRole('group', { name: 'License types', exact: true });

async function storedTraining(page: Page, id: string) {
  const list = (await (await page.request.get('/api/admin/trainings')).json()) as { id: string }[];
  return list.find((t) => t.id === id) as Record<string, unknown>;
}

test('an admin states who can attend; a label left out is refused beside its field, and the form keeps the rest', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page);
  const training = await createTrainingByApi(page, { title: `Who can attend ${Date.now()}` });
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  await expect(who(page).getByLabel('Prerequisite', { exact: true })).toHaveValue('');
  await expect(who(page).getByLabel('Other license type')).toHaveCount(0);

  // By keyboard: Space ticks a license type; "Other" asks for its label.
  await licenses(page).getByRole('checkbox', { name: 'Counselor (LPC, LPCC, LMHC)' }).focus();
  await page.keyboard.press('Space');
  await licenses(page).getByRole('checkbox', { name: 'Other licensed professional' }).check();
  await expect(who(page).getByLabel('Other license type')).toBeVisible();
  await who(page).getByLabel('Pre-licensed clinicians under supervision').selectOption({ label: 'Yes' });
  await who(page).getByLabel('Graduate students').selectOption({ label: 'Yes' });
  await who(page).getByLabel('Proof of enrolment asked').fill('A letter from the program director');
  await who(page).getByLabel('Prerequisite', { exact: true }).selectOption('other');
  await who(page).getByLabel('Restricted to').fill('Staff of County Behavioral Health only');
  await who(page).getByLabel('More about who can attend').fill('Bring your license number.');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(who(page).getByText(ELIGIBILITY_MESSAGES.otherLicense)).toBeVisible();
  await expect(who(page).getByLabel('Other license type')).toHaveAttribute('aria-invalid', 'true');
  await expect(who(page).getByText(ELIGIBILITY_MESSAGES.prerequisiteText)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/trainings/${training.id}$`));
  await expect(who(page).getByLabel('Proof of enrolment asked')).toHaveValue('A letter from the program director');
  await expect(licenses(page).getByRole('checkbox', { name: 'Counselor (LPC, LPCC, LMHC)' })).toBeChecked();

  await who(page).getByLabel('Other license type').fill('Licensed creative arts therapists');
  await who(page).getByLabel('Prerequisite, in your words').fill('Part 1 of this Basic Training');
  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page.getByText('Training updated successfully')).toBeVisible();
  expect(await storedTraining(page, training.id)).toMatchObject({
    eligibleLicenses: ['counselor', 'other'],
    otherLicense: 'Licensed creative arts therapists',
    preLicensed: true,
    students: { allowed: true, proof: 'A letter from the program director' },
    prerequisite: 'other',
    prerequisiteText: 'Part 1 of this Basic Training',
    restrictedTo: 'Staff of County Behavioral Health only',
    eligibility: 'Bring your license number.',
  });

  // Shown again as saved.
  await page.goto(`/admin/trainings/${training.id}`);
  await expect(licenses(page).getByRole('checkbox', { name: 'Counselor (LPC, LPCC, LMHC)' })).toBeChecked();
  await expect(licenses(page).getByRole('checkbox', { name: 'Psychologist' })).not.toBeChecked();
  await expect(who(page).getByLabel('Other license type')).toHaveValue('Licensed creative arts therapists');
  await expect(who(page).getByLabel('Graduate students')).toHaveValue('yes');
  await expect(who(page).getByLabel('Prerequisite, in your words')).toHaveValue('Part 1 of this Basic Training');
  await deleteTrainingByApi(page, training.id);
});
