import http from 'node:http';
import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, login, type AdminClient } from '../support/adminClient';
import { createTrainer, createTraining } from '../support/fixtures';
import { validTrainer, validTraining } from '../support/adminRecords';
import { resetDatabase } from '../support/reset';
import * as trainings from '../../src/data/trainings';

const base = () => process.env.TEST_BASE_URL!;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';
let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});

describe('admin API: authentication and guards', () => {
  const guarded: [string, string][] = [
    ['GET', '/api/admin/trainers'],
    ['POST', '/api/admin/trainers'],
    ['PATCH', `/api/admin/trainers/${UNKNOWN}`],
    ['DELETE', `/api/admin/trainers/${UNKNOWN}`],
    ['GET', '/api/admin/trainings'],
    ['POST', '/api/admin/trainings'],
    ['PATCH', `/api/admin/trainings/${UNKNOWN}`],
    ['DELETE', `/api/admin/trainings/${UNKNOWN}`],
    ['GET', '/api/admin/site-status'],
    ['POST', '/api/admin/logout'],
  ];
  test.each(guarded)('%s %s without a session is 401 JSON', async (method, path) => {
    const response = await fetch(`${base()}${path}`, {
      method,
      headers: { origin: base(), 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Not authenticated' });
  });

  test.each(['x', 'a.b', `${'A'.repeat(22)}.${'B'.repeat(43)}`, 'A'.repeat(5000), 'é.ü'])(
    'a tampered or malformed cookie (%#) is 401, never 500',
    async (value) => {
      const response = await fetch(`${base()}/api/admin/trainers`, {
        headers: { cookie: `emdr_admin_session=${encodeURIComponent(value)}` },
      });
      expect(response.status).toBe(401);
    },
  );

  test('session answers authenticated with the email and role, and logout ends the session on the server', async () => {
    // The run's admin is the bootstrap admin, so the owner (docs/product.md, The team).
    expect((await admin.call('GET', '/api/admin/session')).body).toEqual({
      authenticated: true,
      admin: { email: process.env.ADMIN_EMAIL, role: 'owner' },
    });
    expect(await fetch(`${base()}/api/admin/session`).then((r) => r.json())).toEqual({ authenticated: false });
    expect((await admin.call('POST', '/api/admin/logout')).status).toBe(200);
    expect((await admin.call('GET', '/api/admin/trainers')).status).toBe(401);
    expect((await admin.call('GET', '/api/admin/session')).body).toEqual({ authenticated: false });
  });

  test('wrong password and unknown email get the same 401 "Invalid credentials"; the cookie is HttpOnly and SameSite=Lax', async () => {
    const wrong = await login(base(), process.env.ADMIN_EMAIL, 'not the password');
    const unknown = await login(base(), 'nobody@example.com', 'whatever');
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual({ error: 'Invalid credentials' });
    expect(await unknown.json()).toEqual({ error: 'Invalid credentials' });
    const ok = await login(base());
    expect(ok.headers.get('set-cookie')).toMatch(/^emdr_admin_session=[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Lax/);
  });

  test('repeated failures for one account are throttled with 429 and Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await login(base(), 'victim@example.com', `guess ${i}`)).status).toBe(401);
    const blocked = await login(base(), 'victim@example.com', 'another guess');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('a state-changing call from a foreign or missing Origin is 403, a non-JSON body 415', async () => {
    expect(
      (await admin.call('POST', '/api/admin/trainers', validTrainer, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    const noOrigin = await fetch(`${base()}/api/admin/trainers`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(validTrainer),
    });
    expect(noOrigin.status).toBe(403);
    expect(
      (
        await admin.call('POST', '/api/admin/trainers', 'name=x', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(415);
  });

  test('an Origin that matches only the Host header it came with is 403: the site is SITE_URL and PASSKEY_ORIGINS', async () => {
    const { port } = new URL(base());
    const send = (host: string, origin: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/admin/trainers',
            method: 'POST',
            headers: { host, origin, cookie: admin.cookie, 'content-type': 'application/json' },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.once('error', reject);
        request.end(JSON.stringify(validTrainer));
      });
    // A page on another name that resolves to this server (DNS rebinding): its Host and Origin agree.
    expect(await send('rebound.example', 'http://rebound.example')).toBe(403);
    expect(await send(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).toBe(403);
    // SITE_URL's origin and a listed PASSKEY_ORIGINS origin are the site, whatever the Host.
    expect(await send('rebound.example', 'http://localhost:4321')).toBe(201);
    expect(await send('rebound.example', 'http://admin.localhost:4321')).toBe(201);
  });

  test('a form post whose Origin matches only its Host is 403 too: the host judges forms by the site origins', async () => {
    const { port } = new URL(base());
    const post = (host: string, origin: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/alerts/subscribe',
            method: 'POST',
            headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded' },
          },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.once('error', reject);
        request.end('email=');
      });
    expect(await post('rebound.example', 'http://rebound.example')).toBe(403);
    expect(await post(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).toBe(403);
    // The site's own origin passes whatever the Host (behind a proxy the Host is the proxy's choice).
    expect(await post('rebound.example', 'http://localhost:4321')).not.toBe(403);
  });
});

describe('admin API: trainers', () => {
  test('create, list, update and delete a trainer; deleting it deletes its trainings', async () => {
    const created = await admin.call('POST', '/api/admin/trainers', validTrainer);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Dr. New', statesServed: ['CA', 'NY'], thinkificAffiliateUrl: null });
    const id = created.body.id;
    expect((await admin.call('GET', '/api/admin/trainers')).body.map((t: any) => t.id)).toEqual([id]);
    const updated = await admin.call('PATCH', `/api/admin/trainers/${id}`, {
      ...validTrainer,
      name: 'Dr. Renamed',
      statesServed: [],
    });
    expect(updated.body).toMatchObject({ name: 'Dr. Renamed', statesServed: [] });
    const training = await createTraining(id);
    expect((await admin.call('DELETE', `/api/admin/trainers/${id}`)).status).toBe(200);
    expect(await trainings.findById(training.id)).toBeUndefined();
  });

  test('invalid input is 400 with field messages; unknown fields are refused', async () => {
    const bad = await admin.call('POST', '/api/admin/trainers', {
      ...validTrainer,
      name: '',
      bio: '',
      statesServed: ['ZZ'],
      website: 'javascript:alert(1)',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['bio', 'name', 'statesServed', 'website']);
    expect(bad.body.fieldErrors.name).toEqual(['Name is required']);
    expect((await admin.call('POST', '/api/admin/trainers', { ...validTrainer, id: UNKNOWN })).status).toBe(400);
    expect((await admin.call('POST', '/api/admin/trainers', '{not json')).status).toBe(400);
  });

  test('unknown and malformed ids are 404', async () => {
    expect((await admin.call('PATCH', `/api/admin/trainers/${UNKNOWN}`, validTrainer)).status).toBe(404);
    expect((await admin.call('DELETE', `/api/admin/trainers/${UNKNOWN}`)).status).toBe(404);
    expect((await admin.call('PATCH', '/api/admin/trainers/42', validTrainer)).status).toBe(404);
    expect((await admin.call('DELETE', '/api/admin/trainers/not-a-uuid')).status).toBe(404);
  });
});

describe('admin API: trainings', () => {
  test('create, list, toggle publish, full update and delete a training', async () => {
    const trainer = await createTrainer();
    const created = await admin.call('POST', '/api/admin/trainings', validTraining(trainer.id));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Admin Created',
      venue: null,
      schedule: null,
      isPublished: true,
      startDate: '2027-03-01T14:00:00.000Z',
    });
    const id = created.body.id;
    expect((await admin.call('GET', '/api/admin/trainings')).body).toHaveLength(1);
    const toggled = await admin.call('PATCH', `/api/admin/trainings/${id}`, { isPublished: false });
    expect(toggled.body).toMatchObject({ isPublished: false, title: 'Admin Created' });
    const full = await admin.call('PATCH', `/api/admin/trainings/${id}`, {
      ...validTraining(trainer.id),
      title: 'Renamed',
      price: 0,
    });
    expect(full.body).toMatchObject({ title: 'Renamed', price: 0, isPublished: true });
    expect((await admin.call('DELETE', `/api/admin/trainings/${id}`)).status).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/trainings/${id}`)).status).toBe(404);
  });

  test('the exact date messages, an end before the start, and a missing trainer are field errors', async () => {
    const trainer = await createTrainer();
    const noDates = await admin.call('POST', '/api/admin/trainings', {
      ...validTraining(trainer.id),
      startDate: '',
      endDate: '',
    });
    expect(noDates.status).toBe(400);
    expect(noDates.body.fieldErrors).toMatchObject({
      startDate: ['Start date is required'],
      endDate: ['End date is required'],
    });
    const backwards = await admin.call('POST', '/api/admin/trainings', {
      ...validTraining(trainer.id),
      endDate: '2027-02-01T00:00:00.000Z',
    });
    expect(backwards.body.fieldErrors.endDate).toEqual(['End date must not be before the start date']);
    const orphan = await admin.call('POST', '/api/admin/trainings', validTraining(UNKNOWN));
    expect(orphan.status).toBe(400);
    expect(orphan.body.fieldErrors.trainerId).toEqual(['Trainer not found']);
    const training = await createTraining(trainer.id);
    const badPatch = await admin.call('PATCH', `/api/admin/trainings/${training.id}`, {
      endDate: '2000-01-01T00:00:00.000Z',
    });
    expect(badPatch.status).toBe(400);
    expect((await admin.call('PATCH', `/api/admin/trainings/${training.id}`, { createdAt: '2020-01-01' })).status).toBe(
      400,
    );
  });

  test('unknown and malformed ids are 404; site status answers for an admin', async () => {
    expect((await admin.call('PATCH', `/api/admin/trainings/${UNKNOWN}`, { isPublished: false })).status).toBe(404);
    expect((await admin.call('DELETE', '/api/admin/trainings/1;drop')).status).toBe(404);
    const status = await admin.call('GET', '/api/admin/site-status');
    expect(status.status).toBe(200);
    expect(['idle', 'queued', 'building']).toContain(status.body.state);
    // The three fields of the contract, and the fleet's instances.
    expect(Object.keys(status.body).sort()).toEqual(['instances', 'lastError', 'lastPublishedAt', 'state']);
  });
});
