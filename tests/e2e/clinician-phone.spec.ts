import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';
import { throttleCpu } from './throttle';
import { adminClient, type AdminClient } from '../support/adminClient';
import { DISCLOSURE_LINE as DISCLOSURE } from '../../src/domain/trust/trustPages';

/**
 * The clinician on a phone (docs/product.md, Training page, Home and Empty result): at 390×844 on a
 * slow CPU the price and Register stay in view on a long training page without covering its end, the
 * report form comes after the side card, the home page's first card is within two screens, and an
 * empty result says what the clinician can do before the partner pitch.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const bar = (page: Page) => page.getByRole('complementary', { name: 'Price and sign-up' });
const side = (page: Page) => page.getByRole('complementary', { name: 'Registration' });
const box = async (locator: Locator) => (await locator.boundingBox())!;

let admin: AdminClient;
let trainerId: string;
test.beforeAll(async () => {
  admin = await adminClient(process.env.E2E_BASE_URL);
  const trainer = await admin.call('POST', '/api/admin/trainers', { name: 'Dr. Phone Page', bio: 'Bio.' });
  trainerId = trainer.body.id;
});
test.afterAll(async () => {
  await admin.call('DELETE', `/api/admin/trainers/${trainerId}`);
});

test('on a phone, price and Register stay in view down a long two-part training, and cover nothing at its end', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const paragraph =
    'Participants learn the eight phases of EMDR therapy, the Adaptive Information Processing model, ' +
    'and how to prepare clients safely for reprocessing, with supervised practicum in small groups. ';
  const created = await admin.call('POST', '/api/admin/trainings', {
    trainerId,
    title: `Basic Training in two parts ${Date.now()}`,
    description: Array.from({ length: 12 }, () => paragraph).join('\n\n'),
    price: 1650,
    startDate: '2027-09-10T16:00:00.000Z',
    endDate: '2027-10-17T00:00:00.000Z',
    format: 'In-Person',
    // Maine: far from the Oregon of the empty-result test.
    location: 'Portland, ME',
    state: 'ME',
    thinkificUrl: 'https://emdr.thinkific.com/courses/phone',
    parts: [
      { startDate: '2027-09-10T09:00', endDate: '2027-09-12T17:00', timeZone: 'America/New_York' },
      { startDate: '2027-10-15T09:00', endDate: '2027-10-16T17:00', timeZone: 'America/New_York' },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  await expect(async () => expect((await page.request.get(`/training/${id}`)).status()).toBe(200)).toPass({
    timeout: 60_000,
  });

  await throttleCpu(page);
  await page.goto(`/training/${id}`);
  await expect(page.getByRole('list', { name: 'Parts' }).getByRole('listitem')).toHaveCount(2);
  // The side card's own Register is far down the page; the bar's is on the first screen.
  expect((await box(side(page))).y).toBeGreaterThan(PHONE.height * 2);
  const register = bar(page).getByRole('link', { name: /Register on Thinkific/ });
  await expect(bar(page)).toContainText('$1,650');
  await expect(register).toBeInViewport();
  await expect(register).toHaveAttribute('href', 'https://emdr.thinkific.com/courses/phone');
  // How the site is paid rides beside the bar's Register as beside the side card's.
  await expect(bar(page).getByRole('link', { name: DISCLOSURE })).toBeInViewport();
  await page.mouse.wheel(0, PHONE.height * 2);
  await expect(register).toBeInViewport();

  // The report form comes after the side card's content.
  const report = page.getByTestId('report-problem');
  expect((await box(report)).y).toBeGreaterThan((await box(side(page))).y + (await box(side(page))).height);

  // At the end the bar rests below the footer: the footer's last link is not under it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const lastFooterLink = page.getByRole('navigation', { name: 'Footer' }).getByRole('link').last();
  await expect(lastFooterLink).toBeInViewport();
  await expect(async () => {
    const link = await box(lastFooterLink);
    expect(link.y + link.height).toBeLessThanOrEqual((await box(bar(page))).y);
  }).toPass();
  await expectNoSeriousA11yViolations(page);

  // From the wide layout on there is no bar: the side card stays in view beside the article.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(bar(page)).toBeHidden();
  await expect(side(page).getByRole('link', { name: /Register on Thinkific/ })).toBeVisible();
  await expect(admin.call('DELETE', `/api/admin/trainings/${id}`).then((r) => r.status)).resolves.toBe(200);
});

test('the home page’s first card is within two screens on a phone, its filters behind one button that works before any script', async ({
  page,
}) => {
  await throttleCpu(page);
  await page.goto('/', { waitUntil: 'commit' });
  const firstCard = page.getByTestId('training-card').first();
  await expect(firstCard).toBeVisible();
  expect((await box(firstCard)).y).toBeLessThan(PHONE.height * 2);
  const state = page.getByLabel('State', { exact: true });
  await expect(state).toBeHidden();
  // A native <details>: it opens at once, hydrated or not.
  await page.getByText('Filters', { exact: true }).click();
  await expect(state).toBeVisible();
  await state.selectOption('CA');
  await expect(page.getByText('1 filter(s) active')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A wide screen shows the filters without the button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByLabel('Format', { exact: true })).toBeVisible();
  await expect(page.getByText('Filters', { exact: true })).toBeHidden();
});

test('an empty result offers the online trainings, the nearby states and the alert, then the partner pitch', async ({
  page,
}) => {
  await throttleCpu(page);
  await page.goto('/?state=OR&license=social_worker');
  const help = page.getByRole('region', { name: 'What you can do' });
  await expect(help).toBeVisible();
  // What the link promises is what the API lists: online, anywhere, for a clinical social worker.
  const online = await page.request.get('/api/trainings?format=Virtual&license=social_worker&limit=1');
  const onlineCount = Number(online.headers()['x-total-count']);
  expect(onlineCount).toBeGreaterThan(0);
  const virtual = help.getByRole('link', { name: `Virtual (${onlineCount})` });
  await expect(virtual).toHaveAttribute('href', '/trainings?format=Virtual&license=social_worker');
  const california = await page.request.get('/api/trainings?state=CA&license=social_worker&limit=1');
  await expect(help.getByRole('link', { name: `California (${california.headers()['x-total-count']})` })).toBeVisible();
  await expect(help.getByRole('link', { name: 'Email me when one is listed' })).toHaveAttribute('href', '#alert-email');
  // The SPEC's pitch stays, after the help.
  const pitch = page.getByRole('heading', { name: 'Your Profile Could Be Here' });
  await expect(pitch).toBeVisible();
  expect((await box(pitch)).y).toBeGreaterThan((await box(help)).y);
  await expectNoSeriousA11yViolations(page);

  await virtual.click();
  await expect(page).toHaveURL(/\/trainings\?format=Virtual&license=social_worker$/);
  await expect(page.getByTestId('result-count')).toHaveText(`${onlineCount} training(s) found`);
});

test('without JavaScript the empty result’s help is in the page', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL });
  const page = await context.newPage();
  await page.goto('/trainings?state=OR');
  await expect(
    page.getByRole('region', { name: 'What you can do' }).getByRole('link', { name: /^Virtual \(\d+\)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Profile Could Be Here' })).toBeVisible();
  await context.close();
});
