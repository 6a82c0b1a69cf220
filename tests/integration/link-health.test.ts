import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runAdminCli } from '../support/adminCli';
import { adminClient, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { tempDir, waitFor } from '../support/server';
import { TEST_START } from '../support/testStart';
import { SITE_URL, startLinkedSite, startSlowSites, startTrustServer, type TrustServer } from '../support/trustServer';
import { runLinkPass as runPass } from '../../src/services/trust/linkHealth';
import { startMailSender } from '../../src/mail/sender';
import { listOpenListingProblems } from '../../src/services/trust/listingProblems';
import { getSql } from '../../src/data/database/db';

/**
 * Link health end to end (docs/product.md, Trust): a training's Register link on a local site that
 * turns to 404 is broken after three daily passes (the days driven through the pass's clock, not by
 * waiting), its keepers get one mail at a real SMTP server, the problem is listed, and a working
 * link clears it all. The checks on save and `npm run admin -- check-links` on the same server.
 */
let trust: TrustServer;
let site: Awaited<ReturnType<typeof startLinkedSite>>;
let owner: AdminClient;
/** Created to make the server run its daily link pass (tests/support/testStart.ts). */
const linkPassTrigger = path.join(tempDir('emdr-link-pass-'), 'link-pass');

/**
 * This process runs link passes with a clock of its own; its own mail sender (woken by its commits,
 * docs/decisions/0038-mail-outbox.md) sends what they queue, and a pass is over once the outbox holds
 * nothing queued.
 */
let stopSender: () => Promise<void> = async () => {};
async function runLinkPass(...args: Parameters<typeof runPass>) {
  const pass = await runPass(...args);
  const sql = await getSql();
  const queued = async () =>
    (await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox where status = 'queued'`)[0]!.n;
  await waitFor(async () => (await queued()) === 0, 20_000, 50);
  return pass;
}

beforeAll(async () => {
  trust = await startTrustServer([TEST_START, '--link-pass-when', linkPassTrigger]);
  stopSender = startMailSender();
  site = await startLinkedSite();
  owner = await adminClient(trust.server.url, trust.owner.email, trust.owner.password);
});

afterAll(async () => {
  await stopSender();
  await site?.stop();
  await trust?.stop();
});

const DAY = 86_400_000;
/** Noon UTC on the n-th day from a fixed start (morning in SITE_TIME_ZONE): one calendar day each. */
const day = (n: number) => new Date(Date.UTC(2031, 2, 3 + n, 12));
const brokenMails = () => trust.smtp.received.filter((m) => /broken since/.test(m.mail.subject ?? ''));

async function adminRow(id: string) {
  const list = await owner.call('GET', '/api/admin/trainings?page=1');
  return (list.body as { id: string; brokenLinks: { text: string }[] }[]).find((row) => row.id === id)!;
}

describe('a Register link that stops working', () => {
  let trainingId: string;

  test('three daily passes of 404 make it broken: the admin list and the dashboard say so, the team gets one mail, a problem is open', async () => {
    const trainer = await createTrainer({ name: 'Dr. Lina Park' });
    trainingId = (
      await createTraining(trainer.id, {
        title: 'Basic Training, Part 1',
        thinkificUrl: site.url('/courses/basic'),
        startsInDays: 4000,
      })
    ).id;
    expect((await runLinkPass({ now: day(0) })).checked.map((c) => c.outcome)).toEqual([{ ok: true, status: 200 }]);
    site.state.status = 404;
    for (const n of [1, 2]) {
      const pass = await runLinkPass({ now: day(n) });
      expect(pass.checked[0]!.row).toMatchObject({ status: 'failing', failingDays: n, lastResult: 'answered 404' });
    }
    expect((await adminRow(trainingId)).brokenLinks).toEqual([]);
    expect(brokenMails()).toHaveLength(0);

    const third = await runLinkPass({ now: day(3) });
    expect(third.checked[0]).toMatchObject({ newlyBroken: true, row: { status: 'broken', failingDays: 3 } });
    expect((await adminRow(trainingId)).brokenLinks.map((b) => b.text)).toEqual([
      'Register link broken since Mar 4, 2031',
    ]);
    const dashboard = await owner.call('GET', '/admin/dashboard');
    expect(dashboard.body).toContain('Register link broken since Mar 4, 2031');

    const mails = brokenMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([trust.owner.email]);
    expect(mails[0]!.mail.subject).toBe('Register link broken since Mar 4, 2031: Basic Training, Part 1');
    expect(mails[0]!.mail.text).toContain(site.url('/courses/basic'));
    expect(mails[0]!.mail.text).toContain(`${SITE_URL}/admin/trainings/${trainingId}`);

    expect((await listOpenListingProblems()).filter((p) => p.kind === 'broken-link')).toEqual([
      expect.objectContaining({
        trainingId,
        listing: 'Basic Training, Part 1',
        text: 'Register link broken since Mar 4, 2031',
      }),
    ]);
    const api = await owner.call('GET', '/api/admin/listing-problems');
    expect(api.body.problems.map((p: { kind: string; url: string }) => [p.kind, p.url])).toEqual([
      ['broken-link', site.url('/courses/basic')],
    ]);
  });

  test('a fourth failing day mails nobody again, and the public page was never touched', async () => {
    await runLinkPass({ now: day(4) });
    expect(brokenMails()).toHaveLength(1);
    const sql = await getSql();
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from publish_requests where reason like ${`%${trainingId}%`}`;
    // The create only: a check never asks for a publish.
    expect(row!.n).toBe(1);
  });

  test('the link works again: the flag and the problem are gone, and no mail goes', async () => {
    site.state.status = 200;
    const pass = await runLinkPass({ now: day(5) });
    expect(pass.checked[0]).toMatchObject({ cleared: true, row: { status: 'ok', failingDays: 0, brokenSince: null } });
    expect((await adminRow(trainingId)).brokenLinks).toEqual([]);
    expect(await listOpenListingProblems()).toEqual([]);
    expect(brokenMails()).toHaveLength(1);
  });

  test('every request named the site in its User-Agent, HEAD first', () => {
    expect(site.state.requests.length).toBeGreaterThanOrEqual(6);
    for (const request of site.state.requests) {
      expect(request).toMatchObject({ method: 'HEAD', path: '/courses/basic' });
      expect(request.userAgent).toBe(`EMDR-Training-Link-Check/1.0 (+${SITE_URL}/how-it-works)`);
    }
  });
});

describe('checks on save, on request and from the command line', () => {
  test('saving a training checks its new links soon, in the server, without waiting in the answer', async () => {
    const trainer = await owner.call('POST', '/api/admin/trainers', { name: 'Dr. Sam Ortiz', bio: 'Trains.' });
    const created = await owner.call('POST', '/api/admin/trainings', {
      trainerId: trainer.body.id,
      title: 'Saved With A Dead Waitlist',
      description: 'x',
      price: 900,
      startDate: new Date(Date.now() + 30 * DAY).toISOString(),
      endDate: new Date(Date.now() + 31 * DAY).toISOString(),
      location: 'Zoom',
      format: 'Virtual',
      thinkificUrl: site.url('/courses/saved'),
      availability: 'waitlist',
      waitlistUrl: 'https://10.0.0.1/waitlist',
    });
    expect(created.status).toBe(201);
    const sql = await getSql();
    const rows = await waitFor(async () => {
      const found = await sql<{ kind: string; status: string; lastResult: string }[]>`
        select kind, status, last_result from link_health where training_id = ${created.body.id} order by kind`;
      return found.every((r) => r.status !== 'unchecked') && found.length === 2 && found;
    }, 20_000);
    // Loopback is allowed for this test; a private address never is, whatever the setting.
    expect(rows).toEqual([
      { kind: 'register', status: 'ok', lastResult: 'answered 200' },
      { kind: 'waitlist', status: 'failing', lastResult: 'refused: 10.0.0.1 is a private address' },
    ]);
  });

  test('`npm run admin -- check-links` runs one pass and prints what it found', async () => {
    const { code, output } = await runAdminCli(['check-links'], trust.env);
    expect(code).toBe(0);
    expect(output).toMatch(/Links checked: 3 \(2 working, 1 failing\)/);
    expect(output).toContain(
      'FAILING      Waitlist link of "Saved With A Dead Waitlist" (https://10.0.0.1/waitlist): refused: 10.0.0.1 is a private address (day 1 of 3)',
    );
  });

  test('"Check again" and "Dismiss" on a broken link, each for any member of the team', async () => {
    const trainer = await createTrainer({ name: 'Dr. Ada Kim', website: site.url('/about') });
    site.state.status = 503;
    for (const n of [10, 11, 12]) await runLinkPass({ now: day(n) });
    const [broken] = (await listOpenListingProblems()).filter(
      (p) => p.kind === 'broken-link' && p.trainerId === trainer.id,
    );
    expect(broken).toMatchObject({ text: 'Website broken since Mar 13, 2031', listing: 'Dr. Ada Kim' });
    expect((await owner.call('POST', `/api/admin/link-health/${broken!.id}/check`)).body).toMatchObject({
      status: 'broken',
      ok: false,
      result: 'answered 503',
    });
    expect((await owner.call('POST', `/api/admin/link-health/${broken!.id}/dismiss`, { note: '' })).status).toBe(400);
    const dismissed = await owner.call('POST', `/api/admin/link-health/${broken!.id}/dismiss`, {
      note: 'Their site refuses checkers; it opens in a browser.',
    });
    expect(dismissed.status).toBe(200);
    expect((await listOpenListingProblems()).some((p) => p.id === broken!.id)).toBe(false);
    expect((await owner.call('POST', `/api/admin/link-health/${broken!.id}/dismiss`, { note: 'again' })).status).toBe(
      409,
    );
    const history = await owner.call('GET', `/api/admin/changes?entityId=${trainer.id}`);
    expect(history.body[0]).toMatchObject({
      action: 'resolve',
      after: { status: 'dismissed', note: 'Their site refuses checkers; it opens in a browser.' },
    });
    expect((await owner.call('POST', '/api/admin/link-health/00000000-0000-4000-8000-000000000000/check')).status).toBe(
      404,
    );
  });
});

describe('a listing a partner keeps', () => {
  test('its broken Register link mails the partner who keeps it, once, and not the team', async () => {
    const trainer = await createTrainer({ name: 'Dr. Noor Haddad' });
    const training = await createTraining(trainer.id, {
      title: 'Partner Kept Basic',
      thinkificUrl: site.url('/courses/kept'),
      startsInDays: 4000,
    });
    const sql = await getSql();
    const [partner] = await sql<{ id: string }[]>`
      insert into admin_users (email, password_hash, role) values ('noor@partner.example', 'x', 'partner') returning id`;
    await sql`insert into partner_trainers (member_id, trainer_id) values (${partner!.id}, ${trainer.id})`;
    const mailsAbout = () => brokenMails().filter((m) => m.mail.subject?.endsWith(': Partner Kept Basic'));
    site.state.status = 404;
    for (const n of [20, 21, 22, 23]) await runLinkPass({ now: day(n) });
    const mails = mailsAbout();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual(['noor@partner.example']);
    expect(mails[0]!.mail.subject).toBe('Register link broken since Mar 23, 2031: Partner Kept Basic');
    // Their link is to their own area; the team's problem list is not theirs.
    expect(mails[0]!.mail.text).toContain(`${SITE_URL}/account/trainings/${training.id}`);
    expect(mails[0]!.mail.text).not.toContain('/admin');
    expect((await listOpenListingProblems()).some((p) => p.trainingId === training.id)).toBe(true);
  });
});

describe('one pacer for the server: its daily pass and the checks on save share it', () => {
  test('together they run at most 4 checks at once, and start at most one a second on each host', async () => {
    // Five hosts (loopback addresses) whose answers take 1.5 s: the pace, not the answers, sets the timing.
    const slow = await startSlowSites(['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'], 1_500);
    try {
      const keeper = await createTrainer({ name: 'Dr. Pace Keeper' });
      for (let host = 0; host < 5; host++)
        for (const n of [1, 2])
          await createTraining(keeper.id, {
            title: `Paced ${host}.${n}`,
            thinkificUrl: slow.url(host, `/pass/${n}`),
            startsInDays: 4000,
          });
      // The server's daily pass (the trust scheduler's code) and, at the same time, saves through the
      // API, whose link checks run in the server's routes.
      fs.writeFileSync(linkPassTrigger, '');
      const saved: string[] = [];
      for (let host = 0; host < 5; host++) {
        const created = await owner.call('POST', '/api/admin/trainings', {
          trainerId: keeper.id,
          title: `Saved and paced ${host}`,
          description: 'x',
          price: 900,
          startDate: new Date(Date.now() + 30 * DAY).toISOString(),
          endDate: new Date(Date.now() + 31 * DAY).toISOString(),
          location: 'Zoom',
          format: 'Virtual',
          thinkificUrl: slow.url(host, '/save'),
        });
        expect(created.status).toBe(201);
        saved.push(created.body.id);
      }
      const sql = await getSql();
      await waitFor(async () => {
        const [row] = await sql<{ unchecked: number }[]>`
          select count(*)::int as unchecked from link_health
          where training_id = any(${saved}) and status = 'unchecked'`;
        return !fs.existsSync(linkPassTrigger) && row!.unchecked === 0;
      }, 90_000);
      expect(trust.server.output()).toMatch(/test link pass: \d+ checked/);
      // Fifteen slow checks on five hosts at least (the pass may also find a link just saved): enough to
      // fill the 4 places, never more.
      expect([...slow.state.starts.values()].flat().length).toBeGreaterThanOrEqual(15);
      expect(slow.state.maxInFlight).toBe(4);
      for (const [host, starts] of slow.state.starts) {
        expect(starts.length, host).toBeGreaterThanOrEqual(3);
        const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
        // One a second; a little less allows for the time between the pacer's start and the request's arrival.
        for (const gap of gaps) expect(gap, `${host}: ${starts.join(', ')}`).toBeGreaterThanOrEqual(900);
      }
    } finally {
      await slow.stop();
    }
  });
});
