import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { SITE_URL, startTrustServer, type TrustServer } from '../support/trustServer';
import { sendConfirmReminders as queueReminders } from '../../src/services/trust/detailsConfirmed';
import { startMailSender } from '../../src/mail/sender';
import { waitFor } from '../support/server';
import { signToken } from '../../src/services/alerts/alertTokens';
import { verificationsDue } from '../../src/services/trust/credentialChecks';
import { takeSnapshot } from '../../src/publish';
import { pageInputDigests } from '../../src/prerender/pageInputs';
import { hashPassword } from '../../src/auth/passwords';
import * as admins from '../../src/data/signIn/admins';
import { getSql } from '../../src/data/database/db';

/**
 * Details confirmed and verified trainers (docs/product.md, Trust): the reminder with its one-click
 * link (signed, single use, 14 days) at a real SMTP server, the team's own confirmation, credential
 * checks by role, and a badge that leaves the published data when its check is 12 months old.
 */
let trust: TrustServer;
let owner: AdminClient;
let editor: AdminClient;

beforeAll(async () => {
  trust = await startTrustServer();
  stopSender = startMailSender();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  await admins.insert('editor@trust.example', await hashPassword('an editor passphrase'), 'editor');
  editor = await adminClient(trust.server.url, 'editor@trust.example', 'an editor passphrase');
});

/**
 * This process runs the daily reminders with a clock of its own; its own mail sender (woken by its
 * commits, docs/decisions/0038-mail-outbox.md) sends what they queue, and a run is over once the
 * outbox holds nothing queued.
 */
let stopSender: () => Promise<void> = async () => {};
async function sendConfirmReminders(now?: Date) {
  const run = await queueReminders(now);
  const sql = await getSql();
  await waitFor(
    async () =>
      (await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox where status = 'queued'`)[0]!.n === 0,
    20_000,
    50,
  );
  return run;
}

afterAll(async () => {
  await stopSender();
  await trust?.stop();
});

const DAY = 86_400_000;
const reminders = () => trust.smtp.received.filter((m) => /still current\?$/.test(m.mail.subject ?? ''));
const onServer = (link: string) => link.replace(SITE_URL, trust.server.url);
const confirmLinkIn = (text: string) =>
  onServer(/http:\/\/localhost:4321\/listings\/confirm\?token=[\w.%-]+/.exec(text)![0]);
const post = (url: string) => fetch(url, { method: 'POST', headers: { origin: trust.server.url } });

async function confirmedAt(id: string): Promise<Date | null> {
  const sql = await getSql();
  const [row] = await sql<
    { detailsConfirmedAt: Date | null }[]
  >`select details_confirmed_at from trainings where id = ${id}`;
  return row!.detailsConfirmedAt;
}

describe('details confirmed', () => {
  let soon: string;

  test('a training starting within 45 days, not confirmed in the last 60, sends its keepers one reminder', async () => {
    const trainer = await createTrainer({ name: 'Dr. Jo March' });
    soon = (await createTraining(trainer.id, { title: 'Starts Soon', startsInDays: 30 })).id;
    await createTraining(trainer.id, { title: 'Starts Later', startsInDays: 60 });
    const fresh = (await createTraining(trainer.id, { title: 'Confirmed Lately', startsInDays: 20 })).id;
    const stale = (await createTraining(trainer.id, { title: 'Confirmed Long Ago', startsInDays: 20 })).id;
    const sql = await getSql();
    await sql`update trainings set details_confirmed_at = now() - interval '10 days' where id = ${fresh}`;
    await sql`update trainings set details_confirmed_at = now() - interval '70 days' where id = ${stale}`;

    expect(await sendConfirmReminders()).toEqual({ busy: false, sent: 2 });
    expect(await sendConfirmReminders(new Date(Date.now() + DAY))).toEqual({ busy: false, sent: 0 });
    expect(
      reminders()
        .map((m) => [m.to, m.mail.subject])
        .sort(),
    ).toEqual([
      [[trust.owner.email], 'Are the details of "Confirmed Long Ago" still current?'],
      [[trust.owner.email], 'Are the details of "Starts Soon" still current?'],
    ]);
  });

  test('the link shows the training and a button; only the button’s POST confirms, once', async () => {
    const mail = reminders().find((m) => m.mail.subject!.includes('Starts Soon'))!;
    const link = confirmLinkIn(mail.mail.text!);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Starts Soon');
    expect(html).toMatch(
      /<form method="post" action="\/listings\/confirm\?token=[^"]+"><button[^>]*>\s*These details are current/,
    );
    expect(await confirmedAt(soon)).toBeNull();

    const confirmed = await post(link);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Details confirmed on');
    expect(await confirmedAt(soon)).not.toBeNull();
    const history = await owner.call('GET', `/api/admin/changes?entityId=${soon}&type=confirm`);
    expect(history.body[0]).toMatchObject({ action: 'confirm', adminEmail: trust.owner.email });

    const again = await post(link);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This link was already used');
  });

  test('a reminder’s link stops working for a partner who no longer keeps the training', async () => {
    const trainer = await createTrainer({ name: 'Dr. Lost Access' });
    const id = (await createTraining(trainer.id, { title: 'Kept Then Lost', startsInDays: 25 })).id;
    const sql = await getSql();
    const [keeper] = await sql<{ id: string }[]>`
      insert into admin_users (email, password_hash, role)
      values ('keeper@partners.example', ${await hashPassword('a keeper passphrase')}, 'partner') returning id`;
    await sql`insert into partner_trainers (member_id, trainer_id) values (${keeper!.id}, ${trainer.id})`;
    expect((await sendConfirmReminders()).sent).toBe(1);
    const mail = reminders().find((m) => m.mail.subject!.includes('Kept Then Lost'))!;
    expect(mail.to).toEqual(['keeper@partners.example']);
    const link = confirmLinkIn(mail.mail.text!);
    // The team takes the profile away from the partner after the mail went.
    await sql`delete from partner_trainers where member_id = ${keeper!.id}`;
    const page = await fetch(link);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('This link no longer works for you');
    const used = await post(link);
    expect(used.status).toBe(403);
    expect(await confirmedAt(id)).toBeNull();
  });

  test('a link past its 14 days, or not signed by us, does nothing', async () => {
    const expired = await signToken({ p: 'details', t: soon, n: 'x', e: trust.owner.email, x: Date.now() - 1 });
    const answer = await post(`${trust.server.url}/listings/confirm?token=${encodeURIComponent(expired)}`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('This link has expired');
    expect((await fetch(`${trust.server.url}/listings/confirm?token=forged.token`)).status).toBe(400);
  });

  test('any member of the team says "These details are current" from the admin; the record’s version stays', async () => {
    const trainer = await createTrainer({ name: 'Dr. Ed Ward' });
    const id = (await createTraining(trainer.id, { title: 'Confirmed By The Editor', startsInDays: 90 })).id;
    const before = await owner.call('GET', `/api/admin/trainings?page=1&search=Confirmed%20By`);
    const answer = await editor.call('POST', `/api/admin/trainings/${id}/confirm`);
    expect(answer.status).toBe(200);
    expect(new Date(answer.body.detailsConfirmedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const after = await owner.call('GET', `/api/admin/trainings?page=1&search=Confirmed%20By`);
    expect(after.body[0].updatedAt).toBe(before.body[0].updatedAt);
    expect(after.body[0].detailsConfirmedAt).toBe(answer.body.detailsConfirmedAt);
    const sql = await getSql();
    const queued = await sql`select 1 from publish_requests where reason = ${`training details confirmed ${id}`}`;
    expect(queued).toHaveLength(1);
    expect((await owner.call('POST', '/api/admin/trainings/00000000-0000-4000-8000-000000000000/confirm')).status).toBe(
      404,
    );
  });
});

describe('verified trainers', () => {
  let trainerId: string;
  const isoDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

  test('the owner or an admin records a check; an editor may not', async () => {
    const trainer = await createTrainer({ name: 'Dr. Rosa Diaz' });
    trainerId = trainer.id;
    await createTraining(trainer.id, { title: 'Taught By Rosa', startsInDays: 30 });
    const check = {
      credential: 'emdria-approved-trainer',
      checkedOn: isoDaysAgo(30),
      evidenceNote: 'EMDRIA directory entry',
    };
    expect((await editor.call('POST', `/api/admin/trainers/${trainerId}/credential-checks`, check)).status).toBe(403);
    const recorded = await owner.call('POST', `/api/admin/trainers/${trainerId}/credential-checks`, check);
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ current: true, checkedBy: trust.owner.email });
    expect(recorded.body.status).toMatch(/^Verified EMDRIA Approved Trainer · [A-Z][a-z]{2} \d{4}$/);
    const future = await owner.call('POST', `/api/admin/trainers/${trainerId}/credential-checks`, {
      ...check,
      checkedOn: '2999-01-01',
    });
    expect(future.status).toBe(400);
    expect(Object.keys(future.body.fieldErrors)).toEqual(['checkedOn']);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await owner.call('POST', `/api/admin/trainers/${unknown}/credential-checks`, check)).status).toBe(404);
    expect((await editor.call('GET', `/api/admin/trainers/${trainerId}/credential-checks`)).body.checks).toHaveLength(
      1,
    );
  });

  test('a check older than 12 months is "Verification due" to the team', async () => {
    const old = {
      credential: 'state-license',
      licenseNumber: 'LMFT 1234',
      licenseState: 'CA',
      checkedOn: isoDaysAgo(400),
      evidenceNote: 'BBS lookup',
    };
    const recorded = await owner.call('POST', `/api/admin/trainers/${trainerId}/credential-checks`, old);
    expect(recorded.body).toMatchObject({
      current: false,
      status: 'Verification due',
      name: 'California license LMFT 1234',
    });
    expect(await verificationsDue()).toEqual([
      { trainerId, trainer: 'Dr. Rosa Diaz', name: 'California license LMFT 1234' },
    ]);
    const shown = await (await fetch(`${trust.server.url}/api/trainers/${trainerId}`)).json();
    expect(shown.verified).toEqual([
      { credential: 'emdria-approved-trainer', licenseNumber: null, licenseState: null, checkedOn: isoDaysAgo(30) },
    ]);
    expect(JSON.stringify(shown)).not.toMatch(/evidence|BBS lookup|EMDRIA directory entry/);
  });

  test('the published data carries the badge only while its check counts: a day past 12 months it is gone, and the page is made again', async () => {
    const now = await takeSnapshot(new Date());
    const trainer = now.trainers!.find((t) => t.id === trainerId)!;
    expect(trainer.verified).toEqual([
      { credential: 'emdria-approved-trainer', licenseNumber: null, licenseState: null, checkedOn: isoDaysAgo(30) },
    ]);
    expect(now.trainings.find((t) => t.trainer?.id === trainerId)!.trainer!.verified).toEqual(trainer.verified);
    const later = await takeSnapshot(new Date(Date.now() + 336 * DAY));
    expect(later.trainers!.find((t) => t.id === trainerId)!.verified).toEqual([]);
    expect(later.trainings.find((t) => t.trainer?.id === trainerId)!.trainer!.verified).toEqual([]);
    const path = `/trainers/${trainer.slug}`;
    expect(pageInputDigests(later).get(path)).not.toBe(pageInputDigests(now).get(path));
  });

  test('the team records a check of "EMDRIA Consultant-in-Training", the credential a consultant-in-training claims', async () => {
    const consultant = await createTrainer({ name: 'Dr. Ana Ruiz' });
    const recorded = await owner.call('POST', `/api/admin/trainers/${consultant.id}/credential-checks`, {
      credential: 'emdria-consultant-in-training',
      checkedOn: isoDaysAgo(10),
      evidenceNote: 'EMDRIA directory entry',
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body.status).toMatch(/^Verified EMDRIA Consultant-in-Training · [A-Z][a-z]{2} \d{4}$/);
  });
});
