import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { adminClient, type AdminClient } from '../support/adminClient';

/** Trainer pages, their feeds, slug redirects and the /embed/ CSP exception (docs/product.md, Trainer pages). */
const DAY = 86_400_000;
const inDays = (n: number, hours = 0) => new Date(Date.now() + n * DAY + hours * 3_600_000).toISOString();

async function training(admin: AdminClient, trainerId: string, title: string, days: number, extra = {}) {
  const made = await admin.call('POST', '/api/admin/trainings', {
    trainerId,
    title,
    description: `About ${title}.`,
    price: 900,
    startDate: inDays(days),
    endDate: inDays(days, 8),
    format: 'Virtual',
    location: 'Online',
    state: 'WA',
    thinkificUrl: 'https://x.thinkific.com/c',
    isPublished: true,
    ...extra,
  });
  expect(made.status).toBe(201);
  return made.body.id as string;
}

/** Waits for a publish: the URL answers `status` (a change is live within the usual publish time). */
async function until(request: APIRequestContext, url: string, check: (body: string, status: number) => void) {
  await expect(async () => {
    const answer = await request.get(url, { maxRedirects: 0 });
    check(await answer.text(), answer.status());
  }).toPass({ timeout: 60_000 });
}

test('a trainer page shows the trainer, one card per upcoming training, feeds and JSON-LD; the list links it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await admin.call('POST', '/api/admin/trainers', {
    name: 'Dr. Zoë Ångström, PhD',
    bio: 'Trains clinicians <b>in</b> EMDR.',
    credentials: 'PhD, LMFT',
    website: 'https://zoe.example.com',
    statesServed: ['WA', 'OR'],
  });
  expect(trainer.body.slug).toBe('zoe-angstrom');
  const other = await admin.call('POST', '/api/admin/trainers', { name: 'Other Trainer', bio: 'Bio.' });
  const later = await training(admin, trainer.body.id, 'Zoë later', 30);
  const sooner = await training(admin, trainer.body.id, 'Zoë sooner', 10);
  await training(admin, trainer.body.id, 'Zoë draft', 12, { isPublished: false });
  await training(admin, other.body.id, 'Not Zoë', 11);

  // Both: a publish may start between the two saves, and go live with the first one alone.
  await until(request, '/trainers/zoe-angstrom', (body, status) => {
    expect(status).toBe(200);
    expect(body).toContain('Zoë later');
    expect(body).toContain('Zoë sooner');
  });
  await page.goto('/trainers/zoe-angstrom');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dr. Zoë Ångström, PhD');
  await expect(page.getByText('Trains clinicians <b>in</b> EMDR.')).toBeVisible();
  await expect(page.getByText('WA, OR')).toBeVisible();
  await expect(page.getByRole('link', { name: /zoe\.example\.com/ })).toHaveAttribute(
    'href',
    'https://zoe.example.com',
  );
  const cards = page.getByTestId('training-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.getByRole('link')).toHaveText(['Zoë sooner', 'Zoë later']);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    'http://localhost:4321/trainers/zoe-angstrom',
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /2 upcoming trainings/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('link[rel="alternate"][type="text/calendar"]')).toHaveAttribute(
    'href',
    'http://localhost:4321/feeds/trainer-zoe-angstrom.ics',
  );
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    'href',
    'http://localhost:4321/feeds/trainer-zoe-angstrom.xml',
  );
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({
    '@type': 'ProfilePage',
    mainEntity: { '@type': 'Person', name: 'Dr. Zoë Ångström, PhD', sameAs: ['https://zoe.example.com'] },
  });
  await page.getByText('Subscribe in your calendar').click();
  await expect(page.getByRole('link', { name: 'Subscribe with your calendar app' })).toHaveAttribute(
    'href',
    'webcal://localhost:4321/feeds/trainer-zoe-angstrom.ics',
  );
  await expect(page.getByRole('button', { name: 'Copy address' })).toBeEnabled();
  expect(await page.locator('astro-island').count()).toBe(0);
  await expectNoSeriousA11yViolations(page);

  // The training page leads to the trainer's page, and /trainers lists them with their count.
  await page.goto(`/training/${sooner}`);
  await page.getByRole('link', { name: 'All trainings by Dr. Zoë Ångström, PhD' }).click();
  await expect(page).toHaveURL(/\/trainers\/zoe-angstrom$/);
  await page.goto('/trainers');
  const listed = page.getByRole('listitem').filter({ hasText: 'Dr. Zoë Ångström, PhD' });
  await expect(listed).toContainText('2 upcoming trainings');
  await expect(listed.getByRole('link')).toHaveAttribute('href', '/trainers/zoe-angstrom');
  await expectNoSeriousA11yViolations(page);
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/trainers/zoe-angstrom</loc>');

  // The feeds hold this trainer's public trainings only.
  const ics = (await (await request.get('/feeds/trainer-zoe-angstrom.ics')).text()).replace(/\r\n[ \t]/g, '');
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  expect(ics).toContain(`UID:${sooner}@`);
  expect(ics).toContain(`UID:${later}@`);
  expect(ics).not.toContain('Not Zoë');
  expect(ics).not.toContain('draft');
  const rss = await (await request.get('/feeds/trainer-zoe-angstrom.xml')).text();
  expect([...rss.matchAll(/<item>\s*<title>([^<]*)</g)].map((m) => m[1])).toEqual(['Zoë sooner', 'Zoë later']);
  expect(rss).toContain('<title>EMDR trainings by Dr. Zoë Ångström, PhD</title>');

  // Unpublishing a training removes its card within the usual publish time.
  expect((await admin.call('PATCH', `/api/admin/trainings/${later}`, { isPublished: false })).status).toBe(200);
  await until(request, '/trainers/zoe-angstrom', (body) => expect(body).not.toContain('Zoë later'));
  await page.goto('/trainers/zoe-angstrom');
  await expect(page.getByTestId('training-card')).toHaveCount(1);

  // A new slug: the old page, embed page and feeds answer 301 to the new ones.
  const moved = await admin.call('PATCH', `/api/admin/trainers/${trainer.body.id}`, {
    name: 'Dr. Zoë Ångström, PhD',
    slug: 'zoe-a',
    bio: 'Trains clinicians <b>in</b> EMDR.',
    statesServed: ['WA', 'OR'],
  });
  expect(moved.body.slug).toBe('zoe-a');
  await until(request, '/trainers/zoe-angstrom', (_body, status) => expect(status).toBe(301));
  for (const [from, to] of [
    ['/trainers/zoe-angstrom', '/trainers/zoe-a'],
    ['/embed/trainers/zoe-angstrom', '/embed/trainers/zoe-a'],
    ['/feeds/trainer-zoe-angstrom.ics', '/feeds/trainer-zoe-a.ics'],
  ] as const) {
    const answer = await request.get(from, { maxRedirects: 0 });
    expect(answer.status(), from).toBe(301);
    expect(answer.headers().location, from).toBe(to);
  }
  expect((await request.get('/trainers/zoe-a')).status()).toBe(200);
  await page.goto('/trainers/zoe-angstrom');
  await expect(page).toHaveURL(/\/trainers\/zoe-a$/);

  await admin.call('DELETE', `/api/admin/trainers/${trainer.body.id}`);
  await admin.call('DELETE', `/api/admin/trainers/${other.body.id}`);
});

test('a trainer without public trainings still has a page: "No upcoming trainings", a feed, kept out of the index', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await admin.call('POST', '/api/admin/trainers', { name: 'Quiet Trainer', bio: 'Between courses.' });
  await until(request, `/trainers/${trainer.body.slug}`, (_body, status) => expect(status).toBe(200));
  const response = await page.goto(`/trainers/${trainer.body.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quiet Trainer');
  await expect(page.getByText('No upcoming trainings', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: "Subscribe to this trainer's calendar" })).toHaveAttribute(
    'href',
    `webcal://localhost:4321/feeds/trainer-${trainer.body.slug}.ics`,
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  expect((await request.get(`/feeds/trainer-${trainer.body.slug}.ics`)).status()).toBe(200);
  expect(await (await request.get('/trainers')).text()).not.toContain('Quiet Trainer');
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/trainers/${trainer.body.slug}<`);
  await expectNoSeriousA11yViolations(page);
  await admin.call('DELETE', `/api/admin/trainers/${trainer.body.id}`);
});

test('the CSP differs only on /embed/: framing allowed there, refused everywhere else', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const trainerPage = sitemap.match(/\/trainers\/[a-z0-9-]+(?=<)/)![0];
  const training = sitemap.match(/\/training\/[0-9a-f-]+/)![0];
  const headersOf = async (path: string) => (await request.get(path)).headers();
  const pages = await Promise.all(['/', '/trainers', trainerPage, training, '/partner'].map(headersOf));
  const embed = await headersOf(`/embed${trainerPage}`);
  const csp = pages[0]!['content-security-policy']!;
  expect(csp).toContain("frame-ancestors 'none'");
  for (const headers of pages) {
    expect(headers['content-security-policy']).toBe(csp);
    expect(headers['x-frame-options']).toBe('DENY');
  }
  expect(embed['content-security-policy']).toBe(csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
  expect(embed['x-frame-options']).toBeUndefined();
  // The widget script may be read by any site; the pages do not say so.
  expect((await headersOf('/embed/v1.js'))['access-control-allow-origin']).toBe('*');
  expect(pages[0]!['access-control-allow-origin']).toBeUndefined();
});
