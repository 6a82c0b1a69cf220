import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { transaction } from '../../src/data/database/transaction';
import { queueMail } from '../../src/mail/outbox';

/**
 * Two instances on one PostgreSQL server, each with its mail sender (docs/decisions/0038-mail-outbox.md):
 * they take rows with FOR UPDATE SKIP LOCKED and a lease, so each queued mail is sent once.
 */
let trust: TrustServer;
let second: RunningServer;

beforeAll(async () => {
  trust = await startTrustServer(undefined, { env: { MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '10' } });
  second = await startServer({ env: trust.serverEnv });
});

afterAll(async () => {
  await second?.stop();
  if (second) fs.rmSync(second.dataDir, { recursive: true, force: true });
  await trust?.stop();
});

test('each mail queued on one database arrives exactly once, whichever instance sends it', async () => {
  const subjects = Array.from({ length: 40 }, (_, i) => `Mail ${i + 1} of two instances`);
  const received = (subject: string) => trust.smtp.received.filter((m) => m.mail.subject === subject);
  await transaction(async (tx) => {
    for (const subject of subjects)
      await queueMail(tx, { kind: 'invitation', to: 'both@outbox.example', subject, text: subject });
  });
  await waitFor(async () => subjects.every((s) => received(s).length > 0), 30_000, 50);
  // A while longer: no second copy follows.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  for (const subject of subjects) expect(received(subject), subject).toHaveLength(1);
  expect(trust.smtp.received.filter((m) => m.to.includes('both@outbox.example'))).toHaveLength(subjects.length);
});
