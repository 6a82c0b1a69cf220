import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { adminClient, clientWithCookie, type AdminClient } from '../support/adminClient';
import { validTrainer, validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';
import { getSql } from '../../src/data/database/db';
import { hashPassword } from '../../src/auth/passwords';
import { decidedReviews } from '../../src/services/review/reviewTimes';
import { REVIEW_TIME_FALLBACK, usualReviewTimeText } from '../../src/domain/review/reviewTimes';

/**
 * The team's overview of partners and reviews (docs/product.md, Partners: the overview; Review queue):
 * what waits and the oldest's age on the dashboard, the nav and the API; the Partners page and its
 * invitations, sent again or withdrawn by the owner and admins only; and the usual review time a
 * partner is told, from real decisions. On the run's real server and database.
 */
const base = () => process.env.TEST_BASE_URL!;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'a long overview passphrase';
let owner: AdminClient;
let trainerA: string;
let trainerB: string;

async function member(
  email: string,
  role: 'admin' | 'editor' | 'partner',
  trainerIds: string[] = [],
): Promise<AdminClient> {
  const sql = await getSql();
  const [row] = await sql<{ id: string }[]>`
    insert into admin_users (email, password_hash, role) values (${email}, ${await hashPassword(PASSWORD)}, ${role})
    returning id`;
  for (const trainerId of trainerIds)
    await sql`insert into partner_trainers (member_id, trainer_id) values (${row!.id}, ${trainerId})`;
  return adminClient(base(), email, PASSWORD);
}

/** A submission made `ageHours` ago, decided `decidedAfterHours` later (or pending). */
async function submission(ageHours: number, status = 'pending', decidedAfterHours: number | null = null) {
  const sql = await getSql();
  await sql`
    insert into submissions (kind, record_id, trainer_id, proposed, partner_email, status, created_at, decided_at)
    values ('training_delete', gen_random_uuid(), ${trainerA}, '{}'::jsonb, 'p@overview.example', ${status},
      now() - ${ageHours}::float8 * interval '1 hour',
      ${decidedAfterHours === null ? null : sql`now() - ${ageHours - decidedAfterHours}::float8 * interval '1 hour'`})`;
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;
const accept = (url: string) =>
  fetch(`${base()}/api/admin/invitations/${tokenOf(url)}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify({ password: PASSWORD }),
  });

async function removeAccounts() {
  const sql = await getSql();
  await sql`delete from admin_users where email like '%@overview.example'`;
  await sql`delete from admin_invitations`;
}

beforeEach(async () => {
  await resetDatabase();
  await removeAccounts();
  owner = await adminClient();
  trainerA = (await owner.call('POST', '/api/admin/trainers', { ...validTrainer, name: 'Dr. Ada Overview' })).body.id;
  trainerB = (await owner.call('POST', '/api/admin/trainers', { ...validTrainer, name: 'Dr. Bo Overview' })).body.id;
});
afterAll(async () => {
  await resetDatabase();
  await removeAccounts();
});

describe('what waits for review', () => {
  test('nothing waiting says so on the API and the dashboard, with no badge', async () => {
    expect((await owner.call('GET', '/api/admin/reviews/waiting')).body).toEqual({
      count: 0,
      oldestAgeSeconds: null,
      oldest: null,
    });
    const dashboard = (await owner.call('GET', '/admin/dashboard')).body as string;
    expect(dashboard).toContain('Nothing is waiting for review.');
    // The one Logout, in the nav, on the dashboard as on every member page.
    expect(dashboard.match(/action="\/api\/admin\/logout"/g)).toHaveLength(1);
    expect(dashboard).not.toContain(' waiting, oldest');
  });

  test('the count of pending submissions and the oldest’s age in words, on the API, the card and the nav', async () => {
    await submission(3 * 24 + 2);
    await submission(5);
    await submission(0.1);
    await submission(10 * 24, 'approved', 2);
    await submission(9 * 24, 'withdrawn', 1);
    const answer = (await owner.call('GET', '/api/admin/reviews/waiting')).body;
    expect(answer.count).toBe(3);
    expect(answer.oldestAgeSeconds).toBeGreaterThanOrEqual((3 * 24 + 2) * 3600 - 5);
    expect(answer.oldest).toBe('oldest 3 days');
    const dashboard = (await owner.call('GET', '/admin/dashboard')).body as string;
    expect(dashboard).toContain('3 submissions wait for review, oldest 3 days.');
    // Every team page's nav carries the badge, for every team role.
    const editor = await member('editor@overview.example', 'editor');
    const trainings = (await editor.call('GET', '/admin/trainings')).body as string;
    expect(trainings).toMatch(/Reviews\s*<span[^>]*>3 waiting, oldest 3 days<\/span>/);
  });

  test('a partner may not read it (403)', async () => {
    const partner = await member('partner@overview.example', 'partner');
    const refused = await partner.call('GET', '/api/admin/reviews/waiting');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Your role may not do this' });
  });
});

describe('the usual review time', () => {
  test('too few decisions in 90 days: the fallback sentence', async () => {
    for (const hours of [10, 20, 30, 40]) await submission(hours + 24, 'approved', hours);
    expect(await decidedReviews()).toMatchObject({ decided: 4 });
    expect(usualReviewTimeText(await decidedReviews())).toBe(REVIEW_TIME_FALLBACK);
  });

  test('the median from submission to decision of approved and rejected ones in the last 90 days', async () => {
    for (const hours of [2, 6, 30, 50]) await submission(hours + 24, 'approved', hours);
    await submission(100, 'rejected', 40);
    // Not decisions, or too old: left out.
    await submission(200, 'withdrawn', 1);
    await submission(91 * 24 + 10, 'approved', 1);
    await submission(3);
    const reviews = await decidedReviews();
    expect(reviews.decided).toBe(5);
    expect(Math.round(reviews.medianSeconds!)).toBe(30 * 3600);
    expect(usualReviewTimeText(reviews)).toBe(
      'Over the last 90 days, half of all reviews were decided within 1 day of being sent.',
    );
  });
});

describe('the Partners page and its API', () => {
  async function invite(email: string, trainerIds: string[], by = owner) {
    const created = await by.call('POST', '/api/admin/invitations', { email, role: 'partner', trainerIds });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body as { id: string; url: string };
  }

  test('lists partners with their profiles and last sign-in, and the open invitations with theirs', async () => {
    const joined = await invite('joined@overview.example', [trainerA, trainerB]);
    expect((await accept(joined.url)).status).toBe(201);
    await invite('waiting@overview.example', [trainerB]);
    const partners = (await owner.call('GET', '/api/admin/partners')).body.partners;
    expect(partners).toEqual([expect.objectContaining({ email: 'joined@overview.example' })]);
    expect([...partners[0].trainerIds].sort()).toEqual([trainerA, trainerB].sort());
    expect(partners[0].lastSignInAt).not.toBeNull();
    const open = (await owner.call('GET', '/api/admin/partner-invitations')).body.invitations;
    expect(open).toEqual([
      expect.objectContaining({
        email: 'waiting@overview.example',
        trainers: [{ id: trainerB, name: 'Dr. Bo Overview' }],
        invitedByEmail: process.env.ADMIN_EMAIL,
      }),
    ]);
    const page = (await owner.call('GET', '/admin/partners')).body as string;
    for (const text of ['joined@overview.example', 'waiting@overview.example', 'Dr. Ada Overview', 'Dr. Bo Overview'])
      expect(page).toContain(text);
    expect(page).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(page).toContain('href="/admin/partners"');
    expect(page.match(/action="\/api\/admin\/logout"/g)).toHaveLength(1);
  });

  test('resend makes a new link that works, and the old one is refused', async () => {
    const first = await invite('again@overview.example', [trainerA]);
    const resent = await owner.call('POST', `/api/admin/partner-invitations/${first.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(first.id);
    expect(resent.body.url).not.toBe(first.url);
    expect((await accept(first.url)).status).toBe(404);
    const oldPage = await fetch(`${base()}/account/invite/${tokenOf(first.url)}`);
    expect(await oldPage.text()).toContain('This invitation link is not valid: it was used or withdrawn');
    const accepted = await accept(resent.body.url);
    expect(accepted.status).toBe(201);
    const partner = clientWithCookie(accepted.headers.get('set-cookie')!.split(';')[0]!);
    expect((await partner.call('GET', '/api/admin/session')).body.admin.role).toBe('partner');
    // Accepted: no longer open, so neither action finds it.
    expect((await owner.call('POST', `/api/admin/partner-invitations/${first.id}/resend`)).status).toBe(404);
  });

  test('withdraw makes the link stop working; again, or an unknown id, is 404', async () => {
    const sent = await invite('gone@overview.example', [trainerA]);
    const withdrawn = await owner.call('DELETE', `/api/admin/partner-invitations/${sent.id}`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ withdrawn: sent.id });
    expect((await accept(sent.url)).status).toBe(404);
    expect((await owner.call('GET', '/api/admin/partner-invitations')).body.invitations).toEqual([]);
    for (const id of [sent.id, UNKNOWN, 'not-an-id']) {
      expect((await owner.call('DELETE', `/api/admin/partner-invitations/${id}`)).status).toBe(404);
      expect((await owner.call('POST', `/api/admin/partner-invitations/${id}/resend`)).status).toBe(404);
    }
    // A team invitation is no partner invitation: unknown here.
    const team = await owner.call('POST', '/api/admin/invitations', { email: 'ed@overview.example', role: 'editor' });
    expect((await owner.call('DELETE', `/api/admin/partner-invitations/${team.body.id}`)).status).toBe(404);
  });

  test('an admin may; an editor and a partner are refused (403) on the API and the page', async () => {
    const admin = await member('admin@overview.example', 'admin');
    const sent = await invite('by-admin@overview.example', [trainerA], admin);
    expect((await admin.call('GET', '/api/admin/partner-invitations')).status).toBe(200);
    expect((await admin.call('GET', '/admin/partners')).status).toBe(200);
    const editor = await member('editor@overview.example', 'editor');
    const partner = await member('partner@overview.example', 'partner');
    for (const [who, page] of [
      [editor, 403],
      [partner, 302],
    ] as const) {
      expect((await who.call('GET', '/api/admin/partner-invitations')).status).toBe(403);
      expect((await who.call('POST', `/api/admin/partner-invitations/${sent.id}/resend`)).status).toBe(403);
      expect((await who.call('DELETE', `/api/admin/partner-invitations/${sent.id}`)).status).toBe(403);
      const refused = await fetch(`${base()}/admin/partners`, { headers: { cookie: who.cookie }, redirect: 'manual' });
      expect(refused.status).toBe(page);
    }
    expect((await editor.call('GET', '/admin/dashboard')).body).not.toContain('href="/admin/partners"');
    // Still open after the refusals.
    expect((await admin.call('DELETE', `/api/admin/partner-invitations/${sent.id}`)).status).toBe(200);
  });

  test('a stale step-up is asked for before a resend or a withdrawal', async () => {
    const sent = await invite('stale@overview.example', [trainerA]);
    const sql = await getSql();
    await sql`update admin_sessions set stepped_up_at = now() - interval '1 hour'`;
    const resend = await owner.call('POST', `/api/admin/partner-invitations/${sent.id}/resend`);
    expect(resend.status).toBe(403);
    expect(resend.body.code).toBe('step_up_required');
    expect((await owner.call('DELETE', `/api/admin/partner-invitations/${sent.id}`)).body.code).toBe(
      'step_up_required',
    );
  });
});

describe('the partner’s first visit', () => {
  const PANEL = 'How your listings go live';

  test('shows what review means, the usual time from real decisions and what goes live at once, until dismissed', async () => {
    for (const hours of [3, 4, 5, 6, 7]) await submission(hours + 24, 'approved', hours);
    const partner = await member('first@overview.example', 'partner', [trainerA]);
    const other = await member('second@overview.example', 'partner', [trainerA]);
    const page = (await partner.call('GET', '/account/trainings')).body as string;
    expect(page).toContain(PANEL);
    expect(page).toContain('half of all reviews were decided within 5 hours of being sent');
    expect(page).toContain('marking a training sold out, waitlist only, postponed or cancelled');
    const dismissed = await partner.call('PUT', '/api/admin/me/notices/partner-welcome', {});
    expect(dismissed.status).toBe(200);
    expect((await partner.call('GET', '/account/trainings')).body).not.toContain(PANEL);
    // Per member: another partner of the same profile still sees it; dismissing twice is fine.
    expect((await other.call('GET', '/account/trainings')).body).toContain(PANEL);
    expect((await partner.call('PUT', '/api/admin/me/notices/partner-welcome', {})).status).toBe(200);
    expect((await partner.call('PUT', '/api/admin/me/notices/no-such-notice', {})).status).toBe(404);
    expect((await partner.call('PUT', '/api/admin/me/notices/partner-welcome', { extra: 1 })).status).toBe(400);
  });

  test('a trusted partner is told their changes go live at once', async () => {
    const partner = await member('trusted@overview.example', 'partner', [trainerA]);
    await (await getSql())`update admin_users set trusted = true where email = 'trusted@overview.example'`;
    const page = (await partner.call('GET', '/account/trainings')).body as string;
    expect(page).toContain('Your account is trusted');
    expect(page).not.toContain('half of all reviews');
  });
});

describe('a partner’s Performance', () => {
  test('the Register rate beside the previous period, and no trainer picker with one profile', async () => {
    const training = (await owner.call('POST', '/api/admin/trainings', validTraining(trainerA))).body.id as string;
    const sql = await getSql();
    const counts: [number, string, number][] = [
      [2, 'view', 40],
      [3, 'register', 3],
      [35, 'view', 10],
      [36, 'register', 2],
    ];
    for (const [daysAgo, type, count] of counts)
      await sql`insert into listing_event_counts (training_id, day, type, count)
        values (${training}, (now() at time zone 'utc')::date - ${daysAgo}::int, ${type}, ${count})`;
    const partner = await member('figures@overview.example', 'partner', [trainerA]);
    const page = (await partner.call('GET', '/account/performance')).body as string;
    const rate = page.match(/Register rate \(Register clicks per page view\)[\s\S]*?<\/tr>/)![0];
    expect(rate).toContain('7.5 %');
    expect(rate).toContain('20.0 %');
    expect(page).toContain('Previous period');
    expect(page).not.toContain('All trainers');
    expect(page).toContain('Dr. Ada Overview');
    // Two profiles: the picker is back.
    await sql`insert into partner_trainers (member_id, trainer_id)
      select id, ${trainerB} from admin_users where email = 'figures@overview.example'`;
    expect((await partner.call('GET', '/account/performance')).body).toContain('All trainers');
  });
});
