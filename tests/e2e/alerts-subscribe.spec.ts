import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { test, expect } from './fixtures';
import { throttleCpu } from './throttle';

/**
 * Email alerts from the pages (docs/product.md, Alerts): "Email me new trainings like these" under
 * the results sends the page's current filters with the address, works before the islands run
 * (a plain form), and the confirmation mail (the server's outbox: the e2e server has no SMTP_URL)
 * confirms through the page's button.
 */
const outboxOf = () => path.join(process.env.E2E_DATA_DIR!, 'outbox');

async function mailTo(address: string): Promise<ParsedMail> {
  const outbox = outboxOf();
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        for (const name of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
          const mail = await simpleParser(fs.readFileSync(path.join(outbox, name)));
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          if (to.includes(address)) found = mail;
        }
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The link in a mail to one of the alert pages, as a path of the server under test (SITE_URL may differ). */
function linkTo(mail: ParsedMail, page: string): string {
  const match = mail.text?.match(new RegExp(`https?://[^\\s<>"]+/alerts/${page}\\?token=[^\\s<>"]+`));
  expect(match, `a /alerts/${page} link in the mail`).toBeTruthy();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}

test('a visitor with a state filter set on a slow phone subscribes weekly from the home page and confirms from the mail', async ({
  page,
}) => {
  const address = `alerts-e2e-${Date.now()}@example.com`;
  await throttleCpu(page);
  await page.goto('/');
  await page.getByLabel('State', { exact: true }).selectOption('CA');
  await expect(page).toHaveURL(/state=CA/);
  await page.getByLabel('Email address').fill(address);
  await page.getByLabel('Weekly').check();
  await page.getByRole('button', { name: 'Email me', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await mailTo(address);
  await page.goto(linkTo(mail, 'confirm'));
  await expect(page.getByText('State: CA')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm alert' }).click();
  await expect(page.getByText('Alert confirmed')).toBeVisible();
});

test('a refused address comes back in the form with its message, and nothing is sent', async ({ page, baseURL }) => {
  const response = await page.request.post('/alerts/subscribe', {
    headers: { origin: baseURL! },
    form: { email: 'not-an-address', query: 'state=CA&page=3', frequency: 'daily' },
  });
  expect(response.status()).toBe(400);
  await page.setContent(await response.text());
  await expect(page.getByLabel('Email address')).toHaveValue('not-an-address');
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('As they are listed (daily digest)')).toBeChecked();
  const outbox = outboxOf();
  const sent = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).map((name) =>
    fs.readFileSync(path.join(outbox, name), 'utf8'),
  );
  expect(sent.filter((mail) => mail.includes('not-an-address'))).toEqual([]);
});

test('"Follow {trainer}" on a trainer page subscribes to that trainer’s trainings', async ({ page }) => {
  await page.goto('/trainers');
  await page.locator('main a[href^="/trainers/"]:not([href^="/trainers/page"])').first().click();
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const address = `follow-e2e-${Date.now()}@example.com`;
  const form = page.getByRole('region', { name: `Follow ${name}` });
  await form.getByLabel('Email address').fill(address);
  await form.getByRole('button', { name: 'Email me', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const mail = await mailTo(address);
  await page.goto(linkTo(mail, 'confirm'));
  await expect(page.getByText(/Trainer: /)).toBeVisible();
});
