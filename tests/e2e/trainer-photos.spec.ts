import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { signIn } from './adminHelpers';
import { png, TEXT } from '../support/images';
import { adminClient } from '../support/adminClient';
import type { Page } from '@playwright/test';

/** Real files on disk, chosen through the browser's file picker. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-photos-'));
const files = {
  photo: path.join(dir, 'headshot.png'),
  huge: path.join(dir, 'huge.png'),
  text: path.join(dir, 'notes.txt'),
};
fs.writeFileSync(files.photo, png({ width: 40, height: 40, rgb: [200, 80, 40] }));
fs.writeFileSync(files.huge, png({ totalBytes: 6 * 1024 * 1024 }));
fs.writeFileSync(files.text, TEXT);
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function choosePhoto(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  await (await chooser).setFiles(file);
}

/** The preview shows a decoded image, not a broken one. */
async function expectLoadedPreview(page: Page) {
  const preview = page.getByRole('img', { name: 'Trainer photo preview' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
  return (await preview.getAttribute('src'))!;
}

test('an admin uploads a photo, saves the trainer, sees it when editing, then removes it', async ({
  page,
  baseURL,
}) => {
  const name = `Dr. Photogenic ${Date.now()}`;
  await signIn(page);
  await page.goto('/admin/trainers/new');
  await page.getByLabel('Name *').fill(name);
  await page.getByLabel('Bio *').fill('Smiles for the camera.');

  await choosePhoto(page, files.photo);
  await expect(page.getByText('Photo uploaded successfully')).toBeVisible();
  const src = await expectLoadedPreview(page);
  expect(src).toMatch(/^\/objects\/[a-f0-9]{32}$/);
  await expect(page.getByRole('button', { name: 'Upload Photo' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Create Trainer' }).click();
  await expect(page).toHaveURL(/\/admin\/trainers$/);
  await page.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Trainer' })).toBeVisible();
  const trainerApi = new URL(page.url()).pathname.replace('/admin/', '/api/admin/');
  expect(await expectLoadedPreview(page)).toBe(src);

  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByRole('button', { name: 'Upload Photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Update Trainer' }).click();
  await expect(page.getByText('Trainer updated successfully')).toBeVisible();
  // The removed photo's object is deleted once the change is saved.
  expect((await page.request.get(src)).status()).toBe(404);
  expect((await page.request.delete(trainerApi, { headers: { origin: baseURL! } })).status()).toBe(200);
});

test("a 6 MB file and a text file are refused in the browser with Uppy's messages", async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/trainers/new');
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/uploads/') || request.url().includes('/objects/upload'))
      uploads.push(request.url());
  });

  await choosePhoto(page, files.huge);
  await expect(page.getByRole('alert')).toHaveText('huge.png exceeds maximum allowed size of 5 MB');

  await choosePhoto(page, files.text);
  await expect(page.getByRole('alert')).toHaveText('You can only upload: image/*');

  expect(uploads).toEqual([]);
  await expect(page.getByRole('img', { name: 'Trainer photo preview' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A good file afterwards still works.
  await choosePhoto(page, files.photo);
  await expect(page.getByText('Photo uploaded successfully')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectLoadedPreview(page);
});

test('a trainer photo appears on the public card and training page, with the initials back when removed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const trainer = 'Rebecca Thornton';
  await signIn(page);
  await page.goto('/admin/trainers');
  await page.getByRole('link', { name: `Edit ${trainer}` }).click();
  await choosePhoto(page, files.photo);
  await expect(page.getByText('Photo uploaded successfully')).toBeVisible();
  await expectLoadedPreview(page);
  await page.getByRole('button', { name: 'Update Trainer' }).click();
  await expect(page.getByText('Trainer updated successfully')).toBeVisible();

  // The publisher rebuilds the pages that show this trainer.
  const card = page.getByTestId('training-card').filter({ hasText: 'EMDR with Children and Adolescents' });
  const photo = card.getByRole('img', { name: `Photo of ${trainer}` });
  await expect(async () => {
    await page.goto('/');
    await expect(photo).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await expect(photo).toHaveAttribute('width', '40');
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  // The card is live from the API at once; the static training page follows with the rebuild.
  const trainingPage = (await card.getByRole('link').getAttribute('href'))!;
  const about = page.getByRole('region', { name: 'About the Trainer' });
  await expect(async () => {
    await page.goto(trainingPage);
    await expect(about.getByRole('img', { name: `Photo of ${trainer}` })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  await expect(about.getByRole('img', { name: `Photo of ${trainer}` })).toHaveAttribute('height', '96');

  await page.goto('/admin/trainers');
  await page.getByRole('link', { name: `Edit ${trainer}` }).click();
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await page.getByRole('button', { name: 'Update Trainer' }).click();
  await expect(page.getByText('Trainer updated successfully')).toBeVisible();
  await expect(async () => {
    await page.goto('/');
    await expect(card.getByText('RT', { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 90_000 });
});

test('a photo that fails to load gives way to the initials on the built home card and training page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const { uploadURL } = (await admin.call('POST', '/api/admin/objects/upload')).body as { uploadURL: string };
  const stored = await fetch(uploadURL, {
    method: 'PUT',
    body: png({ width: 40, height: 40, rgb: [20, 120, 200] }),
    headers: { 'content-type': 'image/png', origin: process.env.E2E_BASE_URL! },
  });
  expect(stored.ok).toBe(true);
  const photo = (await admin.call('PUT', '/api/admin/trainer-photos', { photoURL: uploadURL })).body
    .objectPath as string;
  const name = 'Vanishing Photo Trainer';
  const trainer = await admin.call('POST', '/api/admin/trainers', {
    name,
    bio: 'Camera shy.',
    photo,
    statesServed: [],
  });
  expect(trainer.status).toBe(201);
  const training = await admin.call('POST', '/api/admin/trainings', {
    trainerId: trainer.body.id,
    title: 'Training With A Vanishing Photo',
    description: 'The photo of its trainer is gone from storage.',
    price: 0,
    ceCredits: 0,
    format: 'In-Person',
    isEMDRIACertified: false,
    isPublished: true,
    startDate: '2027-10-04T16:00:00.000Z',
    endDate: '2027-10-05T23:00:00.000Z',
    location: 'Boise, ID',
    state: 'ID',
    thinkificUrl: 'https://emdr.thinkific.com/courses/vanishing',
  });
  expect(training.status).toBe(201);
  const trainingPage = `/training/${training.body.id}`;
  await expect(async () => expect((await request.get(trainingPage)).status()).toBe(200)).toPass({ timeout: 90_000 });
  // The object disappears from storage after the pages were built with its path.
  fs.rmSync(path.join(process.env.E2E_DATA_DIR!, 'uploads', photo.split('/').pop()!));

  await page.goto(trainingPage);
  const about = page.getByRole('region', { name: 'About the Trainer' });
  await expect(about.getByText('VP', { exact: true })).toBeVisible();
  await expect(about.getByRole('img')).toHaveCount(0);

  await page.goto('/');
  const card = page.getByTestId('training-card').filter({ hasText: 'Training With A Vanishing Photo' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('VP', { exact: true })).toBeVisible();
  await expect(card.getByRole('img')).toHaveCount(0);
  await admin.call('DELETE', `/api/admin/trainers/${trainer.body.id}`);
});
