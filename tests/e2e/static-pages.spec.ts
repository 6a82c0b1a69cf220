import { test, expect } from './fixtures';
import { expectNoSeriousA11yViolations } from './accessibility';

test('the partner page shows every section with the figures of the program', async ({ page }) => {
  await page.goto('/partner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('List Your EMDR Trainings');
  const getStarted = page.getByRole('link', { name: /Get Started/ }).first();
  await expect(getStarted).toHaveAttribute('href', 'https://forms.e2e.example.com/apply');
  await expect(getStarted).toHaveAttribute('target', '_blank');
  for (const text of [
    '20,000+',
    '7,500+',
    'new professionals every month',
    '75% to You, 25% Platform Fee',
    '15 students × $1,500 = $22,500; you earn $16,875.',
    'One of only 10-15 founding trainers',
    'NOW',
    'Phase 1 Partner Onboarding',
    'NEXT 30 DAYS',
    'Phase 2 Platform Refinement',
    'COMING SOON',
    'Phase 3 Marketing Launch',
    'No setup fees',
    'No monthly costs',
    'Partner Requirements',
    'We respond within 24 business hours.',
  ])
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();

  // The FAQ is made of disclosure widgets that open from the keyboard.
  const question = page.getByText('How long does onboarding take?');
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('A 15-minute onboarding call')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the terms show today as their Last Updated date and link the refund policy', async ({ page }) => {
  await page.goto('/terms');
  const today = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'America/New_York',
  }).format(new Date());
  await expect(page.getByText(`Last Updated: ${today}`)).toBeVisible();
  for (const heading of ['Acceptance of Terms', 'Third-Party Services', 'Limitation of Liability', 'Contact'])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Refund Policy' })).toHaveAttribute(
    'href',
    '/refund-policy',
  );
  await expectNoSeriousA11yViolations(page);
});

test('the privacy policy covers third parties, cookies and minors', async ({ page }) => {
  await page.goto('/privacy');
  for (const heading of [
    'Information We Collect',
    'Third-Party Providers',
    'Cookies',
    'Your Rights',
    "Children's Privacy",
  ])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await expect(page.getByText('not meant for anyone under 18')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the refund policy lists every tier and rule with the support address', async ({ page }) => {
  await page.goto('/refund-policy');
  for (const text of [
    'Full refund minus a $50 administrative fee',
    '50% refund or full credit',
    'Credit only',
    'No refunds',
    'valid for 12 months',
    'non-transferable and not redeemable for cash',
    'full refund or a full credit',
    'no refund or credit is given',
    '10-15 business days',
    '5 business days',
  ])
    await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'help@e2e.example.com' })).toHaveAttribute(
    'href',
    'mailto:help@e2e.example.com',
  );
  await expectNoSeriousA11yViolations(page);
});

test('the footer links the legal pages, the parent site, support and the partner form', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
  await expect(footer.getByRole('link', { name: 'How this directory works' })).toHaveAttribute('href', '/how-it-works');
  await expect(footer.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
    'href',
    'mailto:help@e2e.example.com',
  );
  await expect(footer.getByRole('link', { name: 'Apply to List Your Trainings' })).toHaveAttribute(
    'href',
    'https://forms.e2e.example.com/apply',
  );
});

test('search engines get a sitemap of public pages and trainings, and robots keep out of admin and API', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>http://localhost:4321/partner</loc>');
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:4321\/training\/[0-9a-f-]{36}<\/loc><lastmod>\d{4}-/);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain('Disallow: /api');
  expect(robots).toContain('Sitemap: http://localhost:4321/sitemap.xml');
});

test('every public page has one h1, lang="en" and a canonical URL', async ({ page }) => {
  for (const path of ['/', '/partner', '/terms', '/privacy', '/refund-policy', '/how-it-works']) {
    await page.goto(path);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `http://localhost:4321${path === '/' ? '/' : path}`,
    );
  }
  const notFound = await page.goto('/definitely/not/here');
  expect(notFound?.status()).toBe(404);
  await expectNoSeriousA11yViolations(page);
});
