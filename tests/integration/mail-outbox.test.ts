import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { validTraining } from '../support/adminRecords';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { createTrainer } from '../support/fixtures';
import { waitFor } from '../support/server';
import { getSql } from '../../src/data/database/db';
import { transaction } from '../../src/data/database/transaction';
import { queueMail } from '../../src/mail/outbox';
import { alertFigures } from '../../src/services/alerts/alerts';
import { hashPassword } from '../../src/auth/passwords';

/**
 * The mail outbox (docs/decisions/0038-mail-outbox.md), against the real server and a real SMTP
 * server on 127.0.0.1 behind a proxy the test cuts: a mail is a row of the transaction that caused it,
 * delivered by the server's one sender with back-off kept in the row, once, with its outcome recorded.
 * A short poll and back-off (MAIL_POLL_MS, MAIL_RETRY_BASE_MS) keep the test fast. Two instances on one
 * PostgreSQL: mail-outbox-instances.test.ts.
 */
const MAIL_ENV = { MAIL_POLL_MS: '200', MAIL_RETRY_BASE_MS: '10' };
const PASSWORD = 'a long partner passphrase';
let trust: TrustServer;

const received = (subject: string) => trust.smtp.received.filter((m) => m.mail.subject === subject);

interface Row {
  id: string;
  status: string;
  attempts: number;
  error: string | null;
  recipient: string | null;
  textBody: string | null;
}

async function row(id: string): Promise<Row> {
  const sql = await getSql();
  const [found] = await sql<Row[]>`
    select id, status, attempts, error, recipient, text_body from mail_outbox where id = ${id}`;
  return found!;
}

const mail = (subject: string, to = 'someone@outbox.example') => ({
  kind: 'invitation' as const,
  to,
  subject,
  text: `${subject}: the text`,
  html: `<p>${subject}</p>`,
});

beforeAll(async () => {
  trust = await startTrustServer(undefined, { env: MAIL_ENV, smtpProxy: true });
});

afterAll(async () => {
  await trust?.stop();
});

describe('the outbox', () => {
  test('a mail queued in a transaction that rolls back is never sent; one that commits is, once', async () => {
    const sql = await getSql();
    const [before] = await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox`;
    await expect(
      transaction(async (tx) => {
        await queueMail(tx, mail('Rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await transaction((tx) => queueMail(tx, mail('Committed')));
    // The sender takes rows oldest first: once the later one arrived, the earlier would have too.
    await waitFor(async () => received('Committed').length === 1, 20_000, 50);
    expect(received('Rolled back')).toHaveLength(0);
    const [after] = await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox`;
    expect(after!.n).toBe(before!.n + 1);
  });

  test('with the SMTP server down a mail is tried again, each wait longer, then sent once when it is back', async () => {
    await trust.proxy!.stop();
    const id = await queueMail(undefined, mail('Retried'));
    // When each attempt happened, as the row tells it.
    const seen: { attempts: number; at: number }[] = [];
    await waitFor(
      async () => {
        const now = await row(id);
        if (seen.at(-1)?.attempts !== now.attempts) seen.push({ attempts: now.attempts, at: Date.now() });
        return now.attempts >= 5;
      },
      30_000,
      5,
    );
    const waiting = await row(id);
    expect(waiting.status).toBe('queued');
    // The reason of the last failure is kept, masked: the host and port stay, to say what to fix.
    expect(waiting.error).toMatch(/ECONNREFUSED 127\.0\.0\.1:\d+/);
    const at = (attempts: number) => seen.find((s) => s.attempts === attempts)!.at;
    // The fourth failure waits 5³ times the base (1.25 s); the first waits only until the next poll.
    expect(at(5) - at(4)).toBeGreaterThanOrEqual(1_200);
    expect(at(2) - at(1)).toBeLessThan(1_000);
    expect(received('Retried')).toHaveLength(0);

    await trust.proxy!.start(trust.proxy!.port);
    await waitFor(async () => received('Retried').length === 1, 30_000, 50);
    const sent = await waitFor(async () => ((await row(id)).status === 'sent' ? row(id) : null), 10_000, 50);
    // Sent: the address and the content (links that are credentials) are gone from the row.
    expect(sent).toMatchObject({ status: 'sent', error: null, recipient: null, textBody: null });
    expect(sent!.attempts).toBeGreaterThanOrEqual(5);
    expect(received('Retried')).toHaveLength(1);
  });

  test('a mail the SMTP server refuses for good fails at once, its reason masked, on the dashboard', async () => {
    const id = await queueMail(undefined, mail('Refused', 'refused@outbox.example'));
    const failed = await waitFor(async () => ((await row(id)).status === 'failed' ? row(id) : null), 20_000, 50);
    expect(failed).toMatchObject({ attempts: 1, recipient: null, textBody: null });
    expect(failed!.error).toContain('550');
    expect(failed!.error).not.toContain('refused@');
    const figures = await alertFigures();
    expect(figures.failures[0]).toMatchObject({ kind: 'invitation', attempts: 1 });
    expect(figures.mailsSentLast7Days).toBeGreaterThanOrEqual(2);
    // The figures are counts: no address anywhere in them.
    expect(JSON.stringify(figures)).not.toContain('@');
  });
});

describe('a reviewer’s decision while the SMTP server is down and the server restarts', () => {
  let owner: AdminClient;
  let partner: AdminClient;

  beforeAll(async () => {
    owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
    const trainerId = (await createTrainer({ name: 'Dr. Outbox Partner' })).id;
    const sql = await getSql();
    const [member] = await sql<{ id: string }[]>`
      insert into admin_users (email, password_hash, role)
      values ('pat@partners.example', ${await hashPassword(PASSWORD)}, 'partner') returning id`;
    await sql`insert into partner_trainers (member_id, trainer_id) values (${member!.id}, ${trainerId})`;
    partner = await adminClient(trust.server.url, 'pat@partners.example', PASSWORD);
    const created = await partner.call('POST', '/api/admin/trainings', {
      ...validTraining(trainerId),
      title: 'Outbox Proposal',
    });
    expect(created.body).toMatchObject({ reviewStatus: 'pending' });
  });

  test('the partner’s mail arrives exactly once within a minute of the SMTP server coming back', async () => {
    const decided = () => trust.smtp.received.filter((m) => m.to.includes('pat@partners.example'));
    await trust.proxy!.stop();
    const queue = await owner.call('GET', '/api/admin/reviews');
    const id = queue.body.submissions.find((s: { title: string }) => s.title === 'Outbox Proposal').id as string;
    const etag = (await owner.call('GET', `/api/admin/reviews/${id}`)).headers.get('etag')!;
    const rejected = await owner.call(
      'POST',
      `/api/admin/reviews/${id}/reject`,
      { reason: 'Please add the CE sponsor' },
      { 'if-match': etag },
    );
    expect(rejected.status).toBe(200);
    // It is tried, and fails, before the restart.
    const sql = await getSql();
    await waitFor(
      async () =>
        (
          await sql<{ n: number }[]>`
            select count(*)::int as n from mail_outbox
            where kind = 'review-decision' and status = 'queued' and attempts >= 1`
        )[0]!.n === 1,
      20_000,
      50,
    );

    await trust.restart();
    await trust.proxy!.start(trust.proxy!.port);
    const back = Date.now();
    const arrived = await waitFor(async () => decided()[0], 60_000, 100);
    expect(Date.now() - back).toBeLessThan(60_000);
    expect(arrived!.mail.subject).toContain('Outbox Proposal');
    expect(arrived!.mail.text).toContain('Please add the CE sponsor');
    // A while longer: no second copy follows.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(decided()).toHaveLength(1);
  });
});
