import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './fixtures';
import { adminClient } from '../support/adminClient';

/**
 * The widget on a trainer's own website (docs/product.md, Widget): a plain page on another origin
 * (another port), with hostile CSS, pastes the two lines and shows the trainer's trainings; the
 * iframe page works there too.
 */
const DAY = 86_400_000;

function thirdPartySite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

test("a trainer's widget and iframe show their upcoming trainings on another site", async ({ page, request }) => {
  test.setTimeout(120_000);
  const base = process.env.E2E_BASE_URL!;
  const admin = await adminClient(base);
  const trainer = await admin.call('POST', '/api/admin/trainers', { name: 'Widget Trainer', bio: 'Bio.' });
  const slug = trainer.body.slug as string;
  for (const [title, days] of [
    ['Widget course one', 8],
    ['Widget course two', 16],
  ] as const) {
    const made = await admin.call('POST', '/api/admin/trainings', {
      trainerId: trainer.body.id,
      title,
      description: 'Desc.',
      price: 1500,
      startDate: new Date(Date.now() + days * DAY).toISOString(),
      endDate: new Date(Date.now() + days * DAY + 8 * 3_600_000).toISOString(),
      format: 'Hybrid',
      location: 'Austin, TX',
      state: 'TX',
      thinkificUrl: 'https://x.thinkific.com/c',
      isPublished: true,
    });
    expect(made.status).toBe(201);
  }
  // Both trainings live on the embed page: it exists (empty) as soon as the trainer is published.
  await expect(async () => {
    const embed = await request.get(`/embed/trainers/${slug}`);
    expect(embed.status()).toBe(200);
    expect(await embed.text()).toContain('Widget course two');
  }).toPass({ timeout: 60_000 });

  const site = await thirdPartySite(`<!doctype html>
<html lang="en"><head><title>A trainer's own site</title>
<style>
  * { color: rgb(255, 0, 0) !important; font-size: 40px !important; display: inline !important; }
  a { pointer-events: none; visibility: hidden; }
  li, p, ul { display: none !important; }
</style></head>
<body>
  <h1>My trainings</h1>
  <script src="${base}/embed/v1.js" async></script>
  <emdr-trainings trainer="${slug}" limit="5"></emdr-trainings>
  <iframe src="${base}/embed/trainers/${slug}" title="Trainings in a frame" width="600" height="400"></iframe>
</body></html>`);
  try {
    await page.goto(site.url);
    const widget = page.locator('emdr-trainings');
    const links = widget.getByRole('link');
    await expect(links).toHaveText(['Widget course one', 'Widget course two', 'More trainings by Widget Trainer']);
    await expect(links.first()).toHaveAttribute('target', '_top');
    await expect(links.first()).toHaveAttribute('href', /\/training\/[0-9a-f-]+$/);
    await expect(links.last()).toHaveAttribute('href', `${new URL(base).origin}/trainers/${slug}`);
    await expect(widget).toContainText('Hybrid · Austin, TX · $1,500');
    await expect(widget).toContainText(/\((CST|CDT)\)/);
    // The page's hostile styles do not reach inside: the links are visible and not red.
    await expect(links.first()).toBeVisible();
    const color = await links.first().evaluate((a) => getComputedStyle(a).color);
    expect(color).not.toBe('rgb(255, 0, 0)');
    // The iframe page may be framed by any site.
    const frame = page.frameLocator('iframe[title="Trainings in a frame"]');
    await expect(frame.getByRole('link', { name: 'Widget course one' })).toHaveAttribute('target', '_top');
    await expect(frame.getByRole('link', { name: 'More trainings by Widget Trainer' })).toBeVisible();

    // An unknown trainer shows the empty state, not an error.
    await page.setContent(`<emdr-trainings trainer="nobody-here"></emdr-trainings>`);
    await page.addScriptTag({ url: `${base}/embed/v1.js` });
    await expect(page.locator('emdr-trainings')).toContainText('No upcoming trainings');
  } finally {
    await site.close();
    await admin.call('DELETE', `/api/admin/trainers/${trainer.body.id}`);
  }
});
