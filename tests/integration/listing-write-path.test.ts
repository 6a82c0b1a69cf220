import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { waitFor } from '../support/server';
import { startLinkedSite, startTrustServer, type TrustServer } from '../support/trustServer';
import { getSql } from '../../src/data/database/db';
import { newestRequestId } from '../../src/data/publishing';
import { hashPassword } from '../../src/auth/passwords';

/**
 * The one write path of a listing (docs/architecture.md, Where a listing is saved): a team edit, a
 * trusted partner's edit, a partner's edit and a reviewer's approval each save in one commit (the row,
 * its history entry, the proposal, the versions, the publish request) and run its effects only after
 * it (the publish signal, the link check on a local "course platform", the mail to a real SMTP server).
 * A fault at the commit's last write (a trigger this test adds) leaves nothing of the save and runs
 * none of its effects; the same save without it leaves all of it.
 */
let trust: TrustServer;
let site: Awaited<ReturnType<typeof startLinkedSite>>;
let owner: AdminClient;
let editor: AdminClient;
let partner: AdminClient;
let trustedPartner: AdminClient;
let trainerId: string;
const PASSWORD = 'a long partner passphrase';
const PARTNER = 'wes@partners.example';

async function member(email: string, role: string, trusted = false): Promise<AdminClient> {
  const sql = await getSql();
  const [row] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role, trusted)
    values (${email}, ${await hashPassword(PASSWORD)}, ${role}, ${trusted}) returning id`;
  if (role === 'partner')
    await sql`insert into partner_trainers (member_id, trainer_id) values (${row!.id}, ${trainerId})`;
  return adminClient(trust.server.url, email, PASSWORD);
}

beforeAll(async () => {
  trust = await startTrustServer();
  site = await startLinkedSite();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
  trainerId = (await createTrainer({ name: 'Dr. Wes Path' })).id;
  editor = await member('editor@paths.example', 'editor');
  partner = await member(PARTNER, 'partner');
  trustedPartner = await member('trusted@partners.example', 'partner', true);
  // A fault at the last write of a commit: its history entry, or its proposal.
  const sql = await getSql();
  await sql`create function test_commit_fault() returns trigger language plpgsql as $$
    begin
      if (tg_table_name = 'change_history' and row_to_json(new)::text like '%fault-in-history%')
        or (tg_table_name = 'submissions' and row_to_json(new)::text like '%fault-in-proposal%') then
        raise exception 'a fault this test injects';
      end if;
      return new;
    end $$`;
  await sql`create trigger test_history_fault before insert on change_history
    for each row execute function test_commit_fault()`;
  await sql`create trigger test_proposal_fault before insert or update on submissions
    for each row execute function test_commit_fault()`;
});

afterAll(async () => {
  await site?.stop();
  await trust?.stop();
});

const checksOf = (path: string) => site.state.requests.filter((r) => r.path === path).length;
const mailsTo = (address: string) => trust.smtp.received.filter((m) => m.to.includes(address)).length;
const liveRow = async (id: string) => {
  const sql = await getSql();
  const [row] = await sql<{ description: string; seatsLeft: number | null; updatedAt: Date }[]>`
    select description, seats_left, updated_at from trainings where id = ${id}`;
  return row!;
};
const historyOf = async (id: string) => {
  const sql = await getSql();
  return sql<{ adminEmail: string; action: string; proposedBy: string | null }[]>`
    select admin_email, action, proposed_by from change_history where entity_id = ${id} order by id desc`;
};
const submissionsOf = async (id: string) => {
  const sql = await getSql();
  return sql<{ id: string; status: string; version: number }[]>`
    select id, status, version from submissions where record_id = ${id} order by created_at`;
};
/** A short while in which an effect of a rolled-back save would have shown. */
const settle = () => new Promise((r) => setTimeout(r, 1_500));

/** A training whose Register link is on the course platform, at `path`. */
const platformTraining = async (path: string) =>
  (await createTraining(trainerId, { title: `Path ${path}`, thinkificUrl: site.url(path), seatsLeft: 10 })).id;

describe.each([
  ['a team edit', () => owner, () => trust.owner.email, '/courses/team'],
  ['a trusted partner’s edit', () => trustedPartner, () => 'trusted@partners.example', '/courses/trusted'],
])('%s applies at once in one commit', (_name, client, email, path) => {
  test('a fault at its history entry leaves the row, the publish queue and the link check untouched; without it, all of them move', async () => {
    const id = await platformTraining(path);
    const before = await liveRow(id);
    const queued = await newestRequestId();
    const faulted = await client().call('PATCH', `/api/admin/trainings/${id}`, { description: 'fault-in-history' });
    expect(faulted.status).toBe(500);
    await settle();
    expect(await liveRow(id)).toEqual(before);
    expect(await newestRequestId()).toBe(queued);
    expect(await historyOf(id)).toEqual([]);
    expect(checksOf(path)).toBe(0);

    const saved = await client().call('PATCH', `/api/admin/trainings/${id}`, { description: 'Saved at once.' });
    expect(saved.status).toBe(200);
    expect((await liveRow(id)).description).toBe('Saved at once.');
    expect(await newestRequestId()).toBeGreaterThan(queued);
    expect((await historyOf(id))[0]).toMatchObject({ adminEmail: email(), action: 'update' });
    await waitFor(async () => checksOf(path) === 1, 20_000);
  });
});

describe('a partner’s edit in one commit', () => {
  test('a fault at its proposal leaves the seats applied at once unwritten and mails no reviewer; without it, seats, history, proposal and mail', async () => {
    const id = await platformTraining('/courses/partner');
    const before = await liveRow(id);
    const queued = await newestRequestId();
    const faulted = await partner.call('PATCH', `/api/admin/trainings/${id}`, {
      seatsLeft: 3,
      description: 'fault-in-proposal',
    });
    expect(faulted.status).toBe(500);
    await settle();
    expect(await liveRow(id)).toEqual(before);
    expect(await newestRequestId()).toBe(queued);
    expect(await historyOf(id)).toEqual([]);
    expect(await submissionsOf(id)).toEqual([]);
    expect(mailsTo('editor@paths.example')).toBe(0);

    const saved = await partner.call('PATCH', `/api/admin/trainings/${id}`, { seatsLeft: 3, description: 'Longer.' });
    expect(saved.status).toBe(202);
    expect(await liveRow(id)).toMatchObject({ seatsLeft: 3, description: before.description });
    expect(await newestRequestId()).toBeGreaterThan(queued);
    expect(await historyOf(id)).toEqual([{ adminEmail: PARTNER, action: 'update', proposedBy: null }]);
    expect(await submissionsOf(id)).toEqual([expect.objectContaining({ status: 'pending', version: 1 })]);
    // The faulted save claimed no reviewer's hour: the mail of this one goes.
    await waitFor(async () => mailsTo('editor@paths.example') === 1, 20_000);
  });
});

describe('a reviewer’s approval in one commit', () => {
  test('a fault at its history entry leaves the record and the submission as they were; without it, the record, the decision, the mail and the link check', async () => {
    const id = await platformTraining('/courses/live');
    const proposal = { description: 'fault-in-history', thinkificUrl: site.url('/courses/approved') };
    const proposed = await partner.call('PATCH', `/api/admin/trainings/${id}`, proposal);
    expect(proposed.status).toBe(202);
    const submissionId = proposed.body.submissionId as string;
    const etag = async () => (await editor.call('GET', `/api/admin/reviews/${submissionId}`)).headers.get('etag')!;
    const before = await liveRow(id);
    const queued = await newestRequestId();
    const mails = mailsTo(PARTNER);
    const faulted = await editor.call('POST', `/api/admin/reviews/${submissionId}/approve`, undefined, {
      'if-match': await etag(),
    });
    expect(faulted.status).toBe(500);
    await settle();
    expect(await liveRow(id)).toEqual(before);
    expect(await newestRequestId()).toBe(queued);
    expect(await submissionsOf(id)).toEqual([{ id: submissionId, status: 'pending', version: 1 }]);
    expect(checksOf('/courses/approved')).toBe(0);
    expect(mailsTo(PARTNER)).toBe(mails);

    const replaced = await partner.call('PATCH', `/api/admin/trainings/${id}`, {
      ...proposal,
      description: 'Approved.',
    });
    expect(replaced.body.submissionId).toBe(submissionId);
    const approved = await editor.call('POST', `/api/admin/reviews/${submissionId}/approve`, undefined, {
      'if-match': await etag(),
    });
    expect(approved.status).toBe(200);
    expect((await liveRow(id)).description).toBe('Approved.');
    expect(await newestRequestId()).toBeGreaterThan(queued);
    expect(await submissionsOf(id)).toEqual([{ id: submissionId, status: 'approved', version: 3 }]);
    expect((await historyOf(id))[0]).toEqual({
      adminEmail: 'editor@paths.example',
      action: 'update',
      proposedBy: PARTNER,
    });
    await waitFor(async () => mailsTo(PARTNER) === mails + 1, 20_000);
    // The approved Register link is checked after the approval, as after any save (docs/product.md, Link health).
    await waitFor(async () => checksOf('/courses/approved') === 1, 20_000);
    const sql = await getSql();
    const rows = await waitFor(async () => {
      const found = await sql<{ url: string; status: string }[]>`
        select url, status from link_health where training_id = ${id} and kind = 'register'`;
      return found[0]?.status === 'ok' && found;
    }, 20_000);
    expect(rows).toEqual([{ url: site.url('/courses/approved'), status: 'ok' }]);
  });
});
