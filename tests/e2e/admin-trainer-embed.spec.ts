import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';
import { adminClient } from '../support/adminClient';

/** The admin's trainer page: the page address (slug) and the two snippets for the trainer's own site. */
test('the admin edits a trainer’s page address and copies the widget snippet', async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await admin.call('POST', '/api/admin/trainers', { name: 'Dr. Émile Snippet, PsyD', bio: 'Bio.' });
  const taken = await admin.call('POST', '/api/admin/trainers', { name: 'Taken Address', bio: 'Bio.' });
  expect(trainer.body.slug).toBe('emile-snippet');
  await signIn(page);
  await page.goto(`/admin/trainers/${trainer.body.id}`);
  await expect(page.getByLabel('Page address')).toHaveValue('emile-snippet');
  const widget = page.getByLabel('Widget snippet');
  await expect(widget).toHaveValue(/<script src="http:\/\/localhost:4321\/embed\/v1\.js" async><\/script>/);
  await expect(widget).toHaveValue(/<emdr-trainings trainer="emile-snippet" limit="5"><\/emdr-trainings>/);
  await expect(page.getByLabel('Iframe snippet')).toHaveValue(/\/embed\/trainers\/emile-snippet"/);
  await page.getByRole('button', { name: 'Copy widget snippet' }).click();
  await expect(page.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('trainer="emile-snippet"');
  await expectNoSeriousA11yViolations(page);

  // Another trainer's address is refused on the field; a free one is saved and the snippets follow.
  await page.getByLabel('Page address').fill(taken.body.slug);
  await page.getByRole('button', { name: 'Update Trainer' }).click();
  await expect(page.getByText('This address is already used by another trainer')).toBeVisible();
  await page.getByLabel('Page address').fill('emile');
  await page.getByRole('button', { name: 'Update Trainer' }).click();
  await expect(page.getByText('Trainer updated successfully')).toBeVisible();
  await page.goto(`/admin/trainers/${trainer.body.id}`);
  await expect(page.getByLabel('Widget snippet')).toHaveValue(/trainer="emile"/);

  await admin.call('DELETE', `/api/admin/trainers/${trainer.body.id}`);
  await admin.call('DELETE', `/api/admin/trainers/${taken.body.id}`);
});
