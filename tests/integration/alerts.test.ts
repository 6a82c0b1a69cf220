import { runAdminCli } from '../support/adminCli';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { startRefusingSmtp, startSmtp } from '../support/smtp';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { prepareTestDatabase, type TestDatabase } from '../support/database';
import { createTrainer, createTraining } from '../support/fixtures';
import { closeDb } from '../../src/data/database/db';
import * as alerts from '../../src/data/alerts';
import { alertFigures, subscribe } from '../../src/services/alerts/alerts';
import { queueMail } from '../../src/mail/outbox';
import { startMailSender } from '../../src/mail/sender';
import { getSql } from '../../src/data/database/db';
import { signToken } from '../../src/services/alerts/alertTokens';
import * as mailOutbox from '../../src/data/mailOutbox';
import { MAX_REQUESTS_PER_ADDRESS_PER_HOUR } from '../../src/domain/alerts/alerts';
import { SEARCH_WORDS_LABEL, UNLISTED_TRAINER_LABEL } from '../../src/domain/alerts/alertMailFilters';

/**
 * Email alerts end to end (docs/product.md, Alerts): our server with SMTP_URL set, against a real SMTP
 * server this test starts on 127.0.0.1; digests sent by `npm run admin -- send-alerts`.
 */
const SITE_URL = 'http://localhost:4321';
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let database: TestDatabase;
let server: RunningServer;
const saved = { ...process.env };

beforeAll(async () => {
  smtp = await startSmtp();
  database = await prepareTestDatabase();
  server = await startServer({
    env: {
      DATABASE_URL: database.url,
      SMTP_URL: smtp.url,
      SEED_DEMO: '0',
      REBUILD_DEBOUNCE_MS: '3600000',
      TRUST_PROXY: 'loopback',
      SITE_URL,
    },
  });
  // This file's own calls to the repositories reach the same database as its server.
  await closeDb();
  Object.assign(process.env, { DATA_DIR: server.dataDir, DATABASE_URL: database.url, SMTP_URL: smtp.url, SITE_URL });
});

afterAll(async () => {
  await closeDb();
  process.env = saved;
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  await database?.drop();
  await smtp?.stop();
});

/** `npm run admin -- send-alerts` against the server's database; how many digests it says it sent. */
async function sendAlerts(): Promise<{ sent: number; output: string }> {
  const env = { DATA_DIR: server.dataDir, DATABASE_URL: database.url, SMTP_URL: smtp.url, SITE_URL };
  const { code, output } = await runAdminCli(['send-alerts'], env);
  const match = /Alert digests sent: (\d+)/.exec(output);
  if (code !== 0 || !match) throw new Error(`send-alerts exited with ${code}:\n${output}`);
  return { sent: Number(match[1]), output };
}

/** Mails still waiting in the outbox. */
async function queuedMails(): Promise<number> {
  const sql = await getSql();
  return (await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox where status = 'queued'`)[0]!.n;
}

/**
 * Runs `fn` with a mail sender in this process (src/mail/sender.ts), woken by this process's own
 * commits and reading this process's settings (a test's SMTP_URL of its own); the server's sender
 * polls only every 30 s and is not woken by them, so this one takes the mail.
 */
async function withSender<T>(fn: () => Promise<T>): Promise<T> {
  const stop = startMailSender();
  try {
    return await fn();
  } finally {
    await stop();
  }
}

const onServer = (link: string) => link.replace(SITE_URL, server.url);
const linkIn = (text: string, path: string) => {
  const match = new RegExp(`${SITE_URL}/alerts/${path}\\?token=[\\w.%-]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return onServer(match[0]);
};
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
/** A header as sent (mailparser reads the List-* headers into objects of its own). */
const headerOf = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/\r?\n(?=[ \t])/g, '')
    .replace(/^[^:]+:\s*/, '') ?? '';
function postAlert(body: unknown, clientAddress = '203.0.113.7') {
  return fetch(`${server.url}/api/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
    body: JSON.stringify(body),
  });
}

/** A form post from the page itself, as a browser sends it. */
function postForm(url: string, body: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body,
  });
}

async function subscribeAndConfirm(email: string, query: string): Promise<void> {
  expect((await postAlert({ email, query, frequency: 'daily' })).status).toBe(202);
  const mail = await waitFor(async () => mailsTo(email)[0], 20_000, 100);
  expect((await postForm(linkIn(mail!.mail.text!, 'confirm'), '')).status).toBe(200);
}

describe('email alerts with a real SMTP server', () => {
  const email = 'clinician@example.com';
  let trainerId: string;

  test('a bad email, query or frequency is 400 with field errors', async () => {
    const answer = await postAlert({ email: 'nope', query: 'state=ZZ', frequency: 'hourly' });
    expect(answer.status).toBe(400);
    const body = await answer.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'frequency', 'query']);
  });

  test(`an IPv6 client asks ${MAX_REQUESTS_PER_ADDRESS_PER_HOUR} times an hour by its /64, whichever address of it it uses`, async () => {
    const body = { email: 'six-four@example.com', query: 'state=WA', frequency: 'daily' };
    for (let i = 1; i <= MAX_REQUESTS_PER_ADDRESS_PER_HOUR; i++)
      expect((await postAlert(body, `2001:db8:61:a::${i.toString(16)}`)).status).toBe(202);
    expect((await postAlert(body, '2001:db8:61:a:1:2:3:4')).status).toBe(429);
    expect((await postAlert(body, '2001:db8:61:b::1')).status).toBe(202);
  });

  test('a subscribe answers 202 check-your-email and sends exactly 1 confirmation mail', async () => {
    trainerId = (await createTrainer({ name: 'Dr. Ana Lopez' })).id;
    // Published before the alert is confirmed: never in its digests.
    await createTraining(trainerId, { title: 'Listed Before The Alert', state: 'CA', format: 'Virtual' });
    const asked = await alerts.databaseNow();
    const answer = await postAlert({
      email,
      query: 'state=CA&format=Virtual&page=2&sort=price-asc',
      frequency: 'daily',
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ status: 'check-your-email' });
    // The send is over once the outbox holds nothing queued: no second mail can follow.
    await waitFor(async () => mailsTo(email).length > 0 && (await queuedMails()) === 0, 20_000, 100);
    expect(await mailOutbox.countSentSince(asked)).toBeGreaterThan(0);
    const mails = mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.subject).toBe('Confirm your EMDR training alert');
    expect(mails[0]!.mail.html).toContain('/alerts/confirm?token=');
  });

  test('a confirmation mail names the filters in the site’s own words and carries nothing the requester typed', async () => {
    const spam = 'Claim your prize at https://win.example/now';
    const listed = await createTrainer({ name: 'Dr. Listed Trainer' });
    await createTraining(listed.id, { title: 'Listed Trainer Course', state: 'TX' });
    const asks = [
      {
        to: 'words@example.com',
        query: `search=${encodeURIComponent(spam)}&state=CA&format=Virtual&dateRange=next-3-months&ce=APA&lang=es&priceMax=900`,
        shows: [
          'State: California',
          'Format: Virtual',
          'Dates: Next 3 Months',
          'CE approval: APA',
          'Language: Spanish',
          'Total cost up to $900',
          SEARCH_WORDS_LABEL,
        ],
      },
      { to: 'follows@example.com', query: `trainer=${listed.slug}`, shows: ['Trainer: Dr. Listed Trainer'] },
      { to: 'slug@example.com', query: 'trainer=visit-win-example-for-cash', shows: [UNLISTED_TRAINER_LABEL] },
    ];
    for (const ask of asks) {
      expect((await postAlert({ email: ask.to, query: ask.query, frequency: 'daily' }, '198.51.100.40')).status).toBe(
        202,
      );
    }
    for (const ask of asks) {
      const { mail } = (await waitFor(async () => mailsTo(ask.to)[0], 20_000, 100))!;
      const whole = `${mail.subject}\n${mail.text}\n${mail.html}`;
      for (const typed of ['win.example', 'Claim your prize', 'prize', 'visit-win-example-for-cash', 'cash']) {
        expect(whole, ask.to).not.toContain(typed);
      }
      for (const label of ask.shows) {
        expect(mail.text, ask.to).toContain(label);
        expect(mail.html, ask.to).toContain(label);
      }
    }
  });

  test('the confirmation page’s GET only shows the button; its POST confirms, once', async () => {
    const link = linkIn(mailsTo(email)[0]!.mail.text!, 'confirm');
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Confirm alert');
    expect(html).toMatch(/<form method="post" action="\/alerts\/confirm\?token=/);
    const id = JSON.parse(
      Buffer.from(new URL(link).searchParams.get('token')!.split('.')[0]!, 'base64url').toString(),
    ).a;
    expect((await alerts.findById(id))?.confirmedAt).toBeNull();

    const confirmed = await postForm(link, '');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Alert confirmed');
    expect((await alerts.findById(id))?.confirmedAt).toBeInstanceOf(Date);
    expect((await alerts.findById(id))?.query).toBe('state=CA&format=Virtual');

    const again = await postForm(link, '');
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('already used');
  });

  test('a matching training is sent in 1 digest with both unsubscribe headers; a non-matching one is not; a second run sends 0', async () => {
    await createTraining(trainerId, { title: 'Hybrid <Matching> Training', state: 'CA', format: 'Hybrid' });
    await createTraining(trainerId, { title: 'New York Virtual Training', state: 'NY', format: 'Virtual' });
    await createTraining(trainerId, {
      title: 'Unpublished Draft Training',
      state: 'CA',
      format: 'Virtual',
      isPublished: false,
    });
    const before = mailsTo(email).length;
    expect((await sendAlerts()).sent).toBe(1);
    await waitFor(async () => mailsTo(email).length > before, 20_000, 100);
    const digest = mailsTo(email).at(-1)!.mail;
    expect(digest.text).toContain('Hybrid <Matching> Training');
    expect(digest.html).toContain('Hybrid &lt;Matching&gt; Training');
    expect(digest.text).not.toContain('New York Virtual Training');
    expect(digest.text).not.toContain('Listed Before The Alert');
    expect(digest.text).not.toContain('Unpublished Draft Training');
    expect(digest.text).toMatch(/\/api\/trainings\/[0-9a-f-]{36}\/calendar/);
    expect(headerOf(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headerOf(digest, 'list-unsubscribe')).toMatch(
      new RegExp(`^<${SITE_URL}/alerts/unsubscribe\\?token=[\\w.%-]+>$`),
    );

    // The SMTP server keeps a mail before it acknowledges it, and the run ends after its sends.
    expect((await sendAlerts()).sent).toBe(0);
    expect(mailsTo(email).length).toBe(before + 1);
  });

  test('the one-click POST unsubscribes with 200 and no sign-in; the next run sends 0', async () => {
    const digest = mailsTo(email).at(-1)!.mail;
    const unsubscribe = onServer(/<([^>]+)>/.exec(headerOf(digest, 'list-unsubscribe'))![1]!);
    const page = await fetch(unsubscribe);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('>Unsubscribe</button>');
    // As a mail provider sends it (RFC 8058): no Origin, no cookie.
    const answer = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('You are unsubscribed');
    await createTraining(trainerId, { title: 'After The Unsubscribe', state: 'CA', format: 'Virtual' });
    expect((await sendAlerts()).sent).toBe(0);
  });

  test('any other cross-site form post to an alert page is still refused', async () => {
    const answer = await fetch(`${server.url}/alerts/manage?token=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'delete=all',
    });
    expect(answer.status).toBe(403);
  });

  test('the manage page lists an address’s alerts and deletes one or all', async () => {
    const other = 'manager@example.com';
    await subscribeAndConfirm(other, 'state=TX');
    await createTraining(trainerId, { title: 'Texas Training', state: 'TX' });
    await sendAlerts();
    const digest = await waitFor(
      async () => mailsTo(other).find((m) => m.mail.subject?.includes('new EMDR')),
      20_000,
      100,
    );
    const manage = linkIn(digest!.mail.text!, 'manage');
    const page = await (await fetch(manage)).text();
    expect(page).toContain('State: TX');
    expect(page).toContain('Delete all alerts');
    const deleted = await postForm(manage, 'delete=all');
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain('This address has no alerts.');
  });

  test('two senders at once send each digest once', async () => {
    const both = 'both@example.com';
    await subscribeAndConfirm(both, 'format=In-Person');
    await createTraining(trainerId, { title: 'Raced Training', state: 'CA', format: 'In-Person' });
    const runs = await Promise.all([sendAlerts(), sendAlerts()]);
    expect(runs[0].sent + runs[1].sent).toBe(1);
    expect(mailsTo(both).filter((m) => m.mail.text?.includes('Raced Training'))).toHaveLength(1);
  });

  test('a digest shows 20 trainings and "and N more"; an ended training never appears', async () => {
    const many = 'many@example.com';
    await subscribeAndConfirm(many, 'search=bulk');
    for (let n = 1; n <= 22; n++)
      await createTraining(trainerId, { title: `Bulk Training ${n}`, startsInDays: 10 + n });
    await createTraining(trainerId, { title: 'Bulk Ended Training', startsInDays: -5, days: 1 });
    expect((await sendAlerts()).sent).toBeGreaterThanOrEqual(1);
    const digest = await waitFor(
      async () => mailsTo(many).find((m) => m.mail.subject?.includes('new EMDR')),
      20_000,
      100,
    );
    const text = digest!.mail.text!;
    expect(text.match(/^Bulk Training \d+$/gm)).toHaveLength(20);
    expect(text).toContain(`And 2 more: ${SITE_URL}/trainings?search=bulk`);
    expect(text).not.toContain('Bulk Ended Training');
    expect(digest!.mail.subject).toBe('22 new EMDR trainings: Search: bulk');
  });

  test('a forged, expired or unknown link changes nothing', async () => {
    const digest = mailsTo('many@example.com').find((m) => m.mail.subject?.includes('new EMDR'))!.mail;
    const real = new URL(onServer(/<([^>]+)>/.exec(headerOf(digest, 'list-unsubscribe'))![1]!));
    const [payload, signature] = real.searchParams.get('token')!.split('.');
    const alertId = JSON.parse(Buffer.from(payload!, 'base64url').toString()).a;
    const forgedPayload = Buffer.from(JSON.stringify({ p: 'unsubscribe', a: crypto.randomUUID() })).toString(
      'base64url',
    );
    const forged = await fetch(`${server.url}/alerts/unsubscribe?token=${forgedPayload}.${signature}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
    expect((await fetch(`${server.url}/alerts/manage?token=nonsense`)).status).toBe(400);
    const expired = await signToken({ p: 'confirm', a: alertId, n: 'x', x: Date.now() - 1000 });
    const page = await fetch(`${server.url}/alerts/confirm?token=${encodeURIComponent(expired)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('This link has expired');
    expect(await alerts.findById(alertId)).toBeDefined();
  });

  test("the pages' form, posted as a plain form, says to check the email, or comes back filled in with its message", async () => {
    const sent = await postForm(
      `${server.url}/alerts/subscribe`,
      'email=form%40example.com&query=state%3DCA%26page%3D3%26sort%3Dprice-asc&frequency=weekly',
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain('Check your email');
    await waitFor(async () => mailsTo('form@example.com').length === 1, 20_000, 100);
    const bad = await postForm(
      `${server.url}/alerts/subscribe`,
      'email=form%40example.com&query=state%3DZZ&frequency=weekly',
    );
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('value="form@example.com"');
    expect(page).toContain('role="alert"');
  });

  test('a mail the server refuses for good (550) is not tried again, and is counted as a failure for the dashboard', async () => {
    const id = await withSender(async () => {
      const queued = await queueMail(undefined, {
        kind: 'digest',
        to: 'refused@example.com',
        subject: 'Refused',
        text: 'x',
      });
      await waitFor(async () => (await mailOutbox.statusOf([queued])).get(queued) === 'failed', 20_000, 50);
      return queued;
    });
    expect(smtp.refusals).toBe(1);
    const figures = await alertFigures();
    expect(figures.confirmedAlerts).toBeGreaterThanOrEqual(1);
    expect(figures.mailsSentLast7Days).toBeGreaterThanOrEqual(5);
    expect(figures.failures[0]).toMatchObject({ kind: 'digest', attempts: 1, error: expect.stringContaining('550') });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The figures are counts: no address anywhere in them.
    expect(JSON.stringify(figures)).not.toContain('@');
  });

  test('a failure is stored and shown with no SMTP password, recipient address or link', async () => {
    const relay = await startRefusingSmtp();
    process.env.SMTP_URL = `smtp://mailer:pw-in-the-url@127.0.0.1:${relay.port}`;
    try {
      const mail = { kind: 'confirmation' as const, to: 'private.person@example.net', subject: 'Refused', text: 'x' };
      const stored = await withSender(async () => {
        const id = await queueMail(undefined, mail);
        await waitFor(async () => (await mailOutbox.statusOf([id])).get(id) === 'failed', 20_000, 50);
        const sql = await getSql();
        return (await sql<{ error: string }[]>`select error from mail_outbox where id = ${id}`)[0]!.error;
      });
      expect(stored).toContain('550');
      expect(stored).toContain('***@example.net');
      for (const secret of ['private.person', 'pw-in-the-url', 'hunter2', 'token=abc123', process.env.SMTP_URL]) {
        expect(stored).not.toContain(secret);
      }
      // A row stored before errors were masked is masked as the dashboard shows it.
      const sql = await getSql();
      await sql`
        insert into mail_outbox (kind, status, attempts, error, finished_at)
        values ('confirmation', 'failed', 4, ${`Invalid login to ${process.env.SMTP_URL} for private.person@example.net`}, now())`;
      const [shown] = (await alertFigures()).failures;
      expect(shown!.error).not.toContain('pw-in-the-url');
      expect(shown!.error).not.toContain('private.person');
      expect(shown!.error).toContain('Invalid login to ***');
    } finally {
      process.env.SMTP_URL = smtp.url;
      await relay.stop();
    }
  });

  test('without SMTP_URL the confirmation is written to DATA_DIR/outbox, readable by its owner only', async () => {
    delete process.env.SMTP_URL;
    const outbox = path.join(server.dataDir, 'outbox');
    // A folder left open by an earlier version is closed by the next mail.
    fs.mkdirSync(outbox, { recursive: true, mode: 0o755 });
    fs.chmodSync(outbox, 0o755);
    // This process's own sender, woken by its own commit: it reads the settings this process has.
    const file = await withSender(async () => {
      expect(await subscribe({ email: 'offline@example.com', query: '', frequency: 'weekly' }, '198.51.100.1')).toEqual(
        {
          status: 'accepted',
        },
      );
      return waitFor(
        async () => fs.existsSync(outbox) && fs.readdirSync(outbox).find((f) => f.endsWith('.eml')),
        20_000,
        100,
      );
    });
    const raw = fs.readFileSync(path.join(outbox, file as string), 'utf8');
    expect(raw).toContain('To: offline@example.com');
    expect(raw).toContain('Subject: Confirm your EMDR training alert');
    expect(fs.statSync(outbox).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(outbox, file as string)).mode & 0o777).toBe(0o600);
    process.env.SMTP_URL = smtp.url;
  });
});
