import { test, expect } from './fixtures';
import { signIn } from './adminHelpers';
import { adminClient } from '../support/adminClient';

/** Two admins, one training: a stale edit form is told, offered a reload, and keeps what was typed. */
test('a stale edit form gets the 412 message, reloads the latest version and keeps the typed text', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const other = await adminClient(process.env.E2E_BASE_URL);
  const trainer = (await other.call('POST', '/api/admin/trainers', { name: 'Dr. Stale Form', bio: 'Bio.' })).body;
  const created = await other.call('POST', '/api/admin/trainings', {
    trainerId: trainer.id,
    title: 'Stale Form Training',
    description: 'Edited by two admins.',
    price: 100,
    startDate: '2027-09-01T16:00:00.000Z',
    endDate: '2027-09-02T23:00:00.000Z',
    location: 'Denver, CO',
    format: 'In-Person',
    thinkificUrl: 'https://emdr.thinkific.com/courses/stale',
    isPublished: true,
  });
  expect(created.status).toBe(201);
  const id = created.body.id;

  await signIn(page);
  await page.goto(`/admin/trainings/${id}`);
  await expect(page.getByLabel('Training Title *')).toHaveValue('Stale Form Training');

  // Meanwhile another admin moves the training and unpublishes it.
  const moved = await other.call('PATCH', `/api/admin/trainings/${id}`, {
    location: 'Boulder, CO',
    isPublished: false,
  });
  expect(moved.status).toBe(200);

  await page.getByLabel('Training Title *').fill('Typed While Stale');
  await page.getByRole('button', { name: 'Update Training' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Someone else changed this training' });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Failed to update training')).toBeVisible();
  await expect(page.getByLabel('Training Title *')).toHaveValue('Typed While Stale');

  await notice.getByRole('button', { name: 'Reload latest version' }).click();
  await expect(page.getByText('The latest version is loaded; what you typed is kept.')).toBeVisible();
  await expect(page.getByLabel('Training Title *')).toHaveValue('Typed While Stale');
  await expect(page.getByLabel('Location *')).toHaveValue('Boulder, CO');
  await expect(page.getByRole('switch', { name: 'Published' })).not.toBeChecked();

  await page.getByRole('button', { name: 'Update Training' }).click();
  await expect(page).toHaveURL(/\/admin\/trainings$/);
  await expect(page.getByText('Training updated successfully')).toBeVisible();
  const stored = ((await other.call('GET', '/api/admin/trainings')).body as any[]).find((t) => t.id === id);
  expect(stored).toMatchObject({ title: 'Typed While Stale', location: 'Boulder, CO', isPublished: false });

  // The edit form lists the record's history; the dashboard shows the latest changes.
  await page.goto(`/admin/trainings/${id}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').first()).toContainText('Updated: title');
  await page.goto('/admin/dashboard');
  const recent = page.getByRole('region', { name: 'Recent changes' });
  await expect(recent.getByRole('listitem').first()).toContainText('Updated training Typed While Stale');
  await other.call('DELETE', `/api/admin/trainers/${trainer.id}`);
});

test('an edit form whose list cannot be loaded says so, not that the record does not exist', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/admin/trainers', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }),
  );
  await page.goto('/admin/trainers/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Could not load this trainer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.unroute('**/api/admin/trainers');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Trainer not found' })).toBeVisible();
});
