import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { waitFor } from '../support/server';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { listOpenListingProblems } from '../../src/services/trust/listingProblems';
import { reportsForTraining } from '../../src/services/trust/listingReports';
import { getSql } from '../../src/data/database/db';
import {
  REPORT_LIMIT_MESSAGES,
  REPORTS_PER_ADDRESS_PER_DAY,
  REPORTS_PER_SITE_PER_DAY,
  REPORTS_PER_TRAINING_PER_DAY,
} from '../../src/domain/trust/reports';

/**
 * "Report a problem with this listing" (docs/product.md, Trust): the JSON API and the page's plain
 * form post (what a browser without JavaScript sends), the abuse limits, and ending a report with one
 * mail to the reporter at a real SMTP server.
 */
let trust: TrustServer;
let owner: AdminClient;
let trainingId: string;

beforeAll(async () => {
  trust = await startTrustServer();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  const trainer = await createTrainer({ name: 'Dr. Noa Levi' });
  trainingId = (await createTraining(trainer.id, { title: 'EMDR Basic Training, Denver' })).id;
});

afterAll(async () => {
  await trust?.stop();
});

const postJson = (body: unknown, client = '203.0.113.10') =>
  fetch(`${trust.server.url}/api/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });

/** A form post from the training page, as a browser sends it with JavaScript off. */
const postForm = (fields: Record<string, string>, client = '203.0.113.20', origin = trust.server.url) =>
  fetch(`${trust.server.url}/api/reports`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client, origin },
    body: new URLSearchParams(fields).toString(),
  });

const reportsIn = async () => (await listOpenListingProblems()).filter((p) => p.kind === 'report');

describe('reporting a problem', () => {
  test('a JSON report answers 202 and reaches the problem list', async () => {
    const answer = await postJson({ trainingId, reason: 'dates-or-price', details: 'The dates moved to June.' });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ status: 'received' });
    expect(await reportsIn()).toEqual([
      expect.objectContaining({ trainingId, reasonLabel: 'Wrong dates or price', details: 'The dates moved to June.' }),
    ]);
  });

  test('bad input is 400 with field errors; a training the public does not see is 404', async () => {
    const bad = await postJson({ trainingId, reason: 'other', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).fieldErrors).sort()).toEqual(['details', 'email']);
    const unknown = await postJson({ trainingId: '00000000-0000-4000-8000-000000000000', reason: 'cancelled' });
    expect(unknown.status).toBe(404);
  });

  test('a plain form post (no JavaScript) is answered 303 to "Thanks, we\'ll look at it" and reaches the list', async () => {
    const answer = await postForm({ trainingId, reason: 'register-link', details: '', email: '', homepage: '' });
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toBe(`/listings/report-received?training=${trainingId}`);
    const thanks = await fetch(`${trust.server.url}${location}`);
    expect(thanks.status).toBe(200);
    const html = await thanks.text();
    expect(html).toMatch(/<h1[^>]*>Thanks, we(&#39;|')ll look at it<\/h1>/);
    expect(html).toContain('Back to EMDR Basic Training, Denver');
    expect((await reportsIn()).map((r) => r.reasonLabel)).toContain('Register link does not work');
  });

  test('a refused form post shows the form again, filled in, with its message (400)', async () => {
    const answer = await postForm({ trainingId, reason: 'other', details: '', email: 'reader@example.com' });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain('Say what is wrong');
    expect(html).toMatch(/<input[^>]*value="other"[^>]*checked|<input[^>]*checked[^>]*value="other"/);
    expect(html).toContain('value="reader@example.com"');
  });

  test('another site’s form post is refused', async () => {
    const answer = await postForm({ trainingId, reason: 'cancelled' }, '203.0.113.21', 'https://evil.example');
    expect(answer.status).toBe(403);
  });

  test('a filled honeypot is answered like any report, and stored nowhere', async () => {
    const before = (await reportsIn()).length;
    const answer = await postForm({ trainingId, reason: 'cancelled', homepage: 'http://spam.example' }, '203.0.113.30');
    expect(answer.status).toBe(303);
    expect((await reportsIn()).length).toBe(before);
  });

  test('five reports a day from one client address; the sixth is 429, by JSON or by form', async () => {
    const client = '198.51.100.77';
    for (let i = 0; i < 5; i++) expect((await postJson({ trainingId, reason: 'cancelled' }, client)).status).toBe(202);
    const sixth = await postJson({ trainingId, reason: 'cancelled' }, client);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('86400');
    const byForm = await postForm({ trainingId, reason: 'cancelled' }, client);
    expect(byForm.status).toBe(429);
    expect(await byForm.text()).toContain('Please try again tomorrow');
    expect((await postJson({ trainingId, reason: 'cancelled' }, '198.51.100.78')).status).toBe(202);
  });

  test('an IPv6 client is limited by its /64: a sixth report from another address of it is 429, another /64 is not', async () => {
    const other = (await createTraining((await createTrainer()).id, { title: 'EMDR Advanced, Boise' })).id;
    for (let i = 1; i <= REPORTS_PER_ADDRESS_PER_DAY; i++)
      expect((await postJson({ trainingId: other, reason: 'cancelled' }, `2001:db8:61:5::${i}`)).status).toBe(202);
    const sixth = await postJson({ trainingId: other, reason: 'cancelled' }, '2001:db8:61:5:ffff:1:2:3');
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).error).toBe(REPORT_LIMIT_MESSAGES.address);
    expect((await postJson({ trainingId: other, reason: 'cancelled' }, '2001:db8:61:6::1')).status).toBe(202);
  });
});

describe('ending a report', () => {
  const reporter = 'clinician@reports.example';
  let reportId: string;

  test('the team ends it as fixed with a note: the reporter gets one mail, their address is then deleted', async () => {
    expect(
      (await postJson({ trainingId, reason: 'other', details: 'See http://evil.example/x', email: reporter })).status,
    ).toBe(202);
    const report = (await reportsIn()).find((r) => r.details === 'See http://evil.example/x')!;
    expect(report.awaitsOutcomeMail).toBe(true);
    expect(JSON.stringify(await owner.call('GET', '/api/admin/listing-problems'))).not.toContain(reporter);
    reportId = report.id;

    expect((await owner.call('PATCH', `/api/admin/reports/${reportId}`, { outcome: 'fixed', note: '' })).status).toBe(
      400,
    );
    const ended = await owner.call('PATCH', `/api/admin/reports/${reportId}`, {
      outcome: 'fixed',
      note: 'The trainer confirmed; the page is corrected.',
    });
    expect(ended.status).toBe(200);
    // The mail is queued with the report's end (docs/decisions/0038-mail-outbox.md); the list says how it went.
    expect(ended.body).toMatchObject({ status: 'fixed', closedBy: trust.owner.email, outcomeMail: 'queued' });
    const toReporter = () => trust.smtp.received.filter((m) => m.to.includes(reporter));
    await waitFor(async () => toReporter().length > 0);
    const listed = async () => (await reportsForTraining(trainingId)).find((r) => r.id === reportId)?.outcomeMail;
    await waitFor(async () => (await listed()) === 'sent', 20_000, 100);
    const mails = toReporter();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.mail.subject).toBe('Your report about "EMDR Basic Training, Denver": fixed');
    expect(mails[0]!.mail.text).toContain('Our note: The trainer confirmed; the page is corrected.');
    const sql = await getSql();
    const [row] = await sql<
      { reporterEmail: string | null }[]
    >`select reporter_email from listing_reports where id = ${reportId}`;
    expect(row!.reporterEmail).toBeNull();
  });

  test('a report already ended cannot be ended again, and nothing more is mailed', async () => {
    const again = await owner.call('PATCH', `/api/admin/reports/${reportId}`, { outcome: 'dismissed', note: 'Oops' });
    expect(again.status).toBe(409);
    expect(trust.smtp.received.filter((m) => m.to.includes(reporter))).toHaveLength(1);
    expect((await owner.call('PATCH', '/api/admin/reports/not-a-uuid', { outcome: 'fixed', note: 'x' })).status).toBe(
      404,
    );
  });

  test('the change history records the decision and its note', async () => {
    const history = await owner.call('GET', `/api/admin/changes?entityId=${trainingId}&type=resolve`);
    expect(history.body[0]).toMatchObject({
      action: 'resolve',
      adminEmail: trust.owner.email,
      after: { status: 'fixed', note: 'The trainer confirmed; the page is corrected.' },
    });
  });

  test('a report dismissed without an address mails nobody; the reports of a training never show an address', async () => {
    const open = (await reportsIn())[0]!;
    const received = trust.smtp.received.length;
    const dismissed = await owner.call('PATCH', `/api/admin/reports/${open.id}`, {
      outcome: 'dismissed',
      note: 'Dates are right.',
    });
    expect(dismissed.body).toMatchObject({ status: 'dismissed', outcomeMail: null });
    expect(trust.smtp.received.length).toBe(received);
    const forPartner = await reportsForTraining(trainingId);
    expect(forPartner.length).toBeGreaterThan(5);
    expect(JSON.stringify(forPartner)).not.toContain(reporter);
    expect(JSON.stringify(forPartner)).not.toMatch(/reporterEmail|"email"/);
  });
});

describe('the daily limits of reports and their mails', () => {
  let addresses = 0;
  /** A client address of its own for each call: only the training's and the site's limits apply. */
  const nextAddress = () => `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

  test('one address is mailed one outcome a day: a second report of it ends unmailed, as "held"', async () => {
    const reader = 'twice@reports.example';
    const other = (await createTraining((await createTrainer()).id, { title: 'EMDR Basic, Tulsa' })).id;
    for (const [email, client] of [
      [reader, '203.0.113.90'],
      ['Twice@Reports.example', '203.0.113.91'],
    ] as const)
      expect((await postJson({ trainingId: other, reason: 'cancelled', email }, client)).status).toBe(202);
    const ids = (await reportsForTraining(other)).map((r) => r.id);
    expect(ids).toHaveLength(2);
    const outcomes = [];
    for (const id of ids)
      outcomes.push((await owner.call('PATCH', `/api/admin/reports/${id}`, { outcome: 'fixed', note: 'Fixed.' })).body);
    expect(outcomes.map((o) => o.outcomeMail).sort()).toEqual(['held', 'queued']);
    const toReader = () => trust.smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === reader));
    await waitFor(async () => toReader().length > 0);
    // The held one's address is deleted all the same.
    const sql = await getSql();
    expect(
      await sql`select 1 from listing_reports where training_id = ${other} and reporter_email is not null`,
    ).toEqual([]);
    // Proving that no second mail comes has no event to wait on: give the sender half a second.
    await new Promise((r) => setTimeout(r, 500));
    expect(toReader()).toHaveLength(1);
  });

  test(`one training takes ${REPORTS_PER_TRAINING_PER_DAY} reports a day from all addresses together, then 429; another still takes them`, async () => {
    const trainer = (await createTrainer()).id;
    const busy = (await createTraining(trainer, { title: 'EMDR Basic, Reno' })).id;
    for (let i = 0; i < REPORTS_PER_TRAINING_PER_DAY; i++)
      expect((await postJson({ trainingId: busy, reason: 'other', details: `#${i}` }, nextAddress())).status).toBe(202);
    const next = await postJson({ trainingId: busy, reason: 'cancelled' }, nextAddress());
    expect(next.status).toBe(429);
    expect(next.headers.get('retry-after')).toBe('86400');
    expect((await next.json()).error).toBe(REPORT_LIMIT_MESSAGES.training);
    const byForm = await postForm({ trainingId: busy, reason: 'cancelled' }, nextAddress());
    expect(byForm.status).toBe(429);
    expect(await byForm.text()).toContain('This listing has had many reports today');
    expect((await reportsForTraining(busy)).length).toBe(REPORTS_PER_TRAINING_PER_DAY);
    const quiet = (await createTraining(trainer, { title: 'EMDR Basic, Provo' })).id;
    expect((await postJson({ trainingId: quiet, reason: 'cancelled' }, nextAddress())).status).toBe(202);
  });

  test(`the site takes ${REPORTS_PER_SITE_PER_DAY} reports a day, from any number of addresses, then 429 for every training`, async () => {
    const sql = await getSql();
    const trainer = (await createTrainer()).id;
    const [row] = await sql<{ taken: number }[]>`select count(*)::int as taken from listing_reports`;
    let left = REPORTS_PER_SITE_PER_DAY - row!.taken;
    while (left > 0) {
      const training = (await createTraining(trainer, { title: `EMDR Basic #${left}` })).id;
      for (let i = 0; i < Math.min(left, REPORTS_PER_TRAINING_PER_DAY) && left > 0; i++, left--)
        expect((await postJson({ trainingId: training, reason: 'cancelled' }, nextAddress())).status).toBe(202);
    }
    const fresh = (await createTraining(trainer, { title: 'EMDR Basic, nobody reported it' })).id;
    const refused = await postJson({ trainingId: fresh, reason: 'cancelled' }, nextAddress());
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe(REPORT_LIMIT_MESSAGES.site);
    const [after] = await sql<{ stored: number }[]>`select count(*)::int as stored from listing_reports`;
    expect(after!.stored).toBe(REPORTS_PER_SITE_PER_DAY);
  });
});
