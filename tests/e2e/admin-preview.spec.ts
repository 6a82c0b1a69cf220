import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { createTrainingByApi, deleteTrainingByApi, signInByApi } from './adminSession';
import type { Page } from '@playwright/test';

/**
 * What a page shows, from its HTML: the main content without the preview banner, the title, the
 * description, the canonical link and the structured data. Built asset names differ between the
 * published build and the server's build, so they are left out.
 */
async function pageEssentials(page: Page, html: string) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    doc.querySelector('[role="region"][aria-label="Preview"]')?.remove();
    const main = doc.querySelector('main')!.innerHTML.replace(/\/_astro\/[^"' )]+/g, '/_astro/*');
    return {
      main,
      title: doc.title,
      description: doc.querySelector('meta[name="description"]')?.getAttribute('content'),
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      jsonLd: doc.querySelector('script[type="application/ld+json"]')?.textContent,
    };
  }, html);
}

test('the preview of a published training is its published page, rendered on demand', async ({ page }) => {
  await signInByApi(page);
  const [published] = (await (await page.request.get('/api/trainings')).json()) as { id: string }[];
  const ssg = await (await page.request.get(`/training/${published!.id}`)).text();
  const ssr = await (await page.request.get(`/admin/trainings/${published!.id}/preview`)).text();
  const [a, b] = [await pageEssentials(page, ssg), await pageEssentials(page, ssr)];
  expect(a.main.length).toBeGreaterThan(1000);
  expect(b).toEqual(a);
  expect(ssr).toContain('<meta name="robots" content="noindex">');
});

test('an admin previews a draft as the public would see it, with a "not public" banner', async ({ page }) => {
  await signInByApi(page);
  const draft = await createTrainingByApi(page, {
    title: `Draft Preview ${Date.now()}`,
    schedule: JSON.stringify([{ day: 'Day 1', time: '9-5', topics: 'Preview topics' }]),
  });
  expect((await page.request.get(`/training/${draft.id}`)).status()).toBe(404);
  await page.goto('/admin/trainings?status=draft');
  await page.getByRole('link', { name: `Preview ${draft.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/trainings/${draft.id}/preview$`));
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText('Preview — not public');
  await expect(page.getByRole('heading', { level: 1, name: draft.title })).toBeVisible();
  await expect(page.getByText('Preview topics')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register on Thinkific' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to editing' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Training' })).toBeVisible();
  await deleteTrainingByApi(page, draft.id);
});

test('the preview is for admins only', async ({ page }) => {
  await page.goto('/admin/trainings/00000000-0000-4000-8000-000000000000/preview');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('the preview of a training that does not exist says so', async ({ page }) => {
  await signInByApi(page);
  const response = await page.goto('/admin/trainings/00000000-0000-4000-8000-000000000000/preview');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Training not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to trainings' })).toBeVisible();
});
