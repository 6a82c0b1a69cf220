import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { png, SVG, TEXT } from '../support/images';
import { resetDatabase } from '../support/reset';
import { signingSecret, signUpload } from '../../src/storage/signing';
import { ABANDONED_UPLOAD_MS, sweepAbandonedUploads } from '../../src/storage/abandoned';

const base = () => process.env.TEST_BASE_URL!;
const uploadsDir = () => path.join(process.env.DATA_DIR!, 'uploads');
const MAX = 5_242_880;
const trainer = {
  name: 'Dr. Photo',
  bio: 'Has a face.',
  credentials: '',
  website: '',
  thinkificAffiliateUrl: '',
  statesServed: ['CA'],
};

let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});

async function newUploadURL(): Promise<string> {
  const answer = await admin.call('POST', '/api/admin/objects/upload');
  expect(answer.status).toBe(200);
  return answer.body.uploadURL;
}

/** A browser's PUT: same origin, the file's type as Content-Type. */
function put(url: string, body: BodyInit, type = 'image/png', extra: RequestInit = {}) {
  return fetch(url, { method: 'PUT', body, headers: { 'content-type': type, origin: base() }, ...extra });
}

function register(photoURL: unknown) {
  return admin.call('PUT', '/api/admin/trainer-photos', { photoURL });
}

/** Uploads and registers a real PNG; answers its object path. */
async function uploadPhoto(image = png()): Promise<string> {
  const url = await newUploadURL();
  expect((await put(url, image)).status).toBe(201);
  const registered = await register(url);
  expect(registered.status).toBe(200);
  return registered.body.objectPath;
}

const keyOf = (url: string) => new URL(url, base()).pathname.split('/').pop()!;

describe('photo upload: guards and signed URLs', () => {
  test('both calls answer 401 JSON without a session, and a foreign Origin is refused', async () => {
    for (const [method, route, body] of [
      ['POST', '/api/admin/objects/upload', undefined],
      ['PUT', '/api/admin/trainer-photos', JSON.stringify({ photoURL: 'x' })],
    ] as const) {
      const response = await fetch(`${base()}${route}`, {
        method,
        headers: { origin: base(), 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Not authenticated' });
    }
    expect((await admin.call('POST', '/api/admin/objects/upload', {}, { origin: 'https://evil.example' })).status).toBe(
      403,
    );
  });

  test('an upload URL is ours, for one random key, and expires within 15 minutes', async () => {
    const url = new URL(await newUploadURL());
    expect(url.origin).toBe(base());
    expect(url.pathname).toMatch(/^\/api\/uploads\/[a-f0-9]{32}$/);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(url.searchParams.get('sig')).toMatch(/^[\w-]{43}$/);
    expect(keyOf(await newUploadURL())).not.toBe(keyOf(url.href));
  });

  test('a tampered signature, key or expiry is refused with 403 and stores nothing', async () => {
    const url = new URL(await newUploadURL());
    const key = keyOf(url.href);
    const sig = url.searchParams.get('sig')!;
    const tampered = [
      url.href.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`),
      url.href.replace(key, `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`),
      url.href.replace(/expires=\d+/, `expires=${Number(url.searchParams.get('expires')) + 3600}`),
      url.href.replace(/&sig=.*/, ''),
    ];
    for (const target of tampered) {
      const response = await put(target, png());
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'This upload URL is not valid' });
    }
    expect(fs.existsSync(path.join(uploadsDir(), key))).toBe(false);
  });

  test('an expired URL is refused with 403', async () => {
    const key = 'e'.repeat(32);
    const expires = Math.floor(Date.now() / 1000) - 1;
    const sig = signUpload(signingSecret(process.env.DATA_DIR!), key, expires);
    const response = await put(`${base()}/api/uploads/${key}?expires=${expires}&sig=${sig}`, png());
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/expired/);
  });

  test('a URL is single use: a second PUT is 409 and the first file stays', async () => {
    const url = await newUploadURL();
    const first = png({ rgb: [255, 0, 0] });
    expect((await put(url, first)).status).toBe(201);
    const again = await put(url, png({ rgb: [0, 0, 255] }));
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatch(/already been used/);
    expect(fs.readFileSync(path.join(uploadsDir(), keyOf(url))).equals(first)).toBe(true);
  });
});

describe('photo upload: size and type are checked by the server', () => {
  test('a PNG sent as text/plain (a renamed .txt) is accepted by its bytes and served as image/png', async () => {
    const image = png({ width: 3, height: 2 });
    const url = await newUploadURL();
    expect((await put(url, image, 'text/plain')).status).toBe(201);
    const registered = await register(url);
    expect(registered.status).toBe(200);
    expect(registered.body).toEqual({ objectPath: `/objects/${keyOf(url)}` });

    const served = await fetch(`${base()}${registered.body.objectPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
  });

  test('a text file labelled image/png is refused at registration, deleted, and never served', async () => {
    const url = await newUploadURL();
    expect((await put(url, TEXT, 'image/png')).status).toBe(201);
    expect((await fetch(`${base()}/objects/${keyOf(url)}`)).status).toBe(404);
    const registered = await register(url);
    expect(registered.status).toBe(400);
    expect(registered.body).toEqual({
      error: 'Photo must be a JPEG, PNG, WebP or GIF image',
      fieldErrors: { photoURL: ['Photo must be a JPEG, PNG, WebP or GIF image'] },
    });
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(url)))).toBe(false);
  });

  test('an SVG is refused even when labelled image/svg+xml', async () => {
    const url = await newUploadURL();
    expect((await put(url, SVG, 'image/svg+xml')).status).toBe(201);
    const registered = await register(url);
    expect(registered.status).toBe(400);
    expect(registered.body.error).toBe('Photo must be a JPEG, PNG, WebP or GIF image');
  });

  test('exactly 5,242,880 bytes is accepted; one byte more is refused while streaming (413) and nothing is kept', async () => {
    const limit = await newUploadURL();
    expect((await put(limit, png({ totalBytes: MAX }))).status).toBe(201);
    expect((await register(limit)).status).toBe(200);

    const url = await newUploadURL();
    const tooBig = png({ totalBytes: MAX + 1 });
    const declared = await put(url, tooBig);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'Photo must be at most 5 MB' });

    // Without a Content-Length (chunked), the server counts while it writes.
    const chunked = new ReadableStream({
      start(controller) {
        for (let i = 0; i < tooBig.length; i += 65_536) controller.enqueue(tooBig.subarray(i, i + 65_536));
        controller.close();
      },
    });
    const streamed = await put(url, chunked, 'image/png', { duplex: 'half' } as RequestInit).catch(() => null);
    if (streamed) expect(streamed.status).toBe(413);
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(url)))).toBe(false);
    expect((await register(url)).body.error).toBe('The uploaded photo was not found; upload it again');
  });

  test('an object over 5 MB in storage is refused at registration and deleted', async () => {
    const key = 'f'.repeat(32);
    fs.mkdirSync(uploadsDir(), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir(), key), png({ totalBytes: MAX + 1 }));
    const registered = await register(`/api/uploads/${key}`);
    expect(registered.status).toBe(400);
    expect(registered.body.error).toBe('Photo must be at most 5 MB');
    expect(fs.existsSync(path.join(uploadsDir(), key))).toBe(false);
  });

  test('URLs that are not ours, unknown objects and bad bodies are 400 with a clear message, never 500', async () => {
    const key = keyOf(await newUploadURL());
    for (const photoURL of [
      `https://evil.example/api/uploads/${key}`,
      'file:///etc/passwd',
      '/api/uploads/../../upload-signing.key',
      `/api/uploads/${key}/..`,
      'http://[::1',
    ]) {
      const answer = await register(photoURL);
      expect(answer.status, photoURL).toBe(400);
      expect(answer.body.fieldErrors.photoURL).toEqual(['Photo URL must be an upload URL issued by this site']);
    }
    expect((await register(`/api/uploads/${'0'.repeat(32)}`)).body.error).toBe(
      'The uploaded photo was not found; upload it again',
    );
    for (const body of [{}, { photoURL: 42 }, { photoURL: '' }, { photoURL: 'x', extra: 1 }]) {
      const answer = await admin.call('PUT', '/api/admin/trainer-photos', body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBeTruthy();
    }
    expect((await admin.call('PUT', '/api/admin/trainer-photos', '{oops')).status).toBe(400);
  });
});

describe('photo serving and deletion', () => {
  test('unknown keys and path tricks are 404; HEAD answers the headers', async () => {
    const objectPath = await uploadPhoto();
    for (const probe of [
      `/objects/${'1'.repeat(32)}`,
      '/objects/..%2f..%2fupload-signing.key',
      '/objects/%2e%2e/upload-signing.key',
      '/objects/.claims',
      `${objectPath}.png`,
    ]) {
      expect((await fetch(`${base()}${probe}`)).status, probe).toBe(404);
    }
    const head = await fetch(`${base()}${objectPath}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    expect(Number(head.headers.get('content-length'))).toBe(png().length);
  });

  test('replacing or removing a photo deletes the old object after the save; a photo still shown elsewhere stays', async () => {
    const first = await uploadPhoto(png({ rgb: [1, 2, 3] }));
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: first });
    expect(created.status).toBe(201);
    const id = created.body.id;

    const second = await uploadPhoto(png({ rgb: [4, 5, 6] }));
    expect((await admin.call('PATCH', `/api/admin/trainers/${id}`, { ...trainer, photo: second })).status).toBe(200);
    expect((await fetch(`${base()}${first}`)).status).toBe(404);
    expect((await fetch(`${base()}${second}`)).status).toBe(200);

    // Saving without a change keeps it.
    expect((await admin.call('PATCH', `/api/admin/trainers/${id}`, { ...trainer, photo: second })).status).toBe(200);
    expect((await fetch(`${base()}${second}`)).status).toBe(200);

    const other = await admin.call('POST', '/api/admin/trainers', { ...trainer, name: 'Dr. Twin', photo: second });
    expect((await admin.call('PATCH', `/api/admin/trainers/${id}`, { ...trainer, photo: null })).status).toBe(200);
    expect((await fetch(`${base()}${second}`)).status).toBe(200);
    expect(
      (await admin.call('PATCH', `/api/admin/trainers/${other.body.id}`, { ...trainer, photo: null })).status,
    ).toBe(200);
    expect((await fetch(`${base()}${second}`)).status).toBe(404);
  });

  test("deleting a trainer deletes its photo's object", async () => {
    const photo = await uploadPhoto();
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo });
    expect((await fetch(`${base()}${photo}`)).status).toBe(200);
    expect((await admin.call('DELETE', `/api/admin/trainers/${created.body.id}`)).status).toBe(200);
    expect((await fetch(`${base()}${photo}`)).status).toBe(404);
    expect(fs.existsSync(path.join(uploadsDir(), photo.split('/').pop()!))).toBe(false);
  });
});

describe('abandoned uploads', () => {
  test('an upload no trainer shows is deleted once two days old; a trainer’s photo and a fresh upload stay', async () => {
    const shown = await uploadPhoto();
    expect((await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: shown })).status).toBe(201);
    const abandoned = await uploadPhoto();

    expect(await sweepAbandonedUploads()).toEqual([]);
    expect((await fetch(`${base()}${abandoned}`)).status).toBe(200);

    const later = new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000);
    const deleted = await sweepAbandonedUploads(later);
    expect(deleted).toContain(keyOf(abandoned));
    expect(deleted).not.toContain(keyOf(shown));
    expect((await fetch(`${base()}${abandoned}`)).status).toBe(404);
    expect((await fetch(`${base()}${shown}`)).status).toBe(200);
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(shown)))).toBe(true);
  });

  test('saving a form whose upload was swept meanwhile is refused at the photo field; the trainer is unchanged', async () => {
    const kept = await uploadPhoto();
    const created = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: kept });
    expect(created.status).toBe(201);
    const swept = await uploadPhoto();
    const other = await uploadPhoto();
    await sweepAbandonedUploads(new Date(Date.now() + ABANDONED_UPLOAD_MS + 60_000));
    expect((await fetch(`${base()}${swept}`)).status).toBe(404);

    const refused = await admin.call('PATCH', `/api/admin/trainers/${created.body.id}`, { ...trainer, photo: swept });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.photo).toEqual(['The uploaded photo was not found; upload it again']);
    expect((await fetch(`${base()}/api/trainers/${created.body.id}`).then((r) => r.json())).photo).toBe(kept);
    const refusedNew = await admin.call('POST', '/api/admin/trainers', { ...trainer, photo: other });
    expect(refusedNew.status).toBe(400);
    expect(refusedNew.body.fieldErrors.photo).toEqual(['The uploaded photo was not found; upload it again']);
    expect((await admin.call('GET', '/api/admin/trainers')).body).toHaveLength(1);

    // The trainer's own photo is in use, so it survived the sweep and saving it again is fine.
    const unchanged = await admin.call('PATCH', `/api/admin/trainers/${created.body.id}`, {
      ...trainer,
      name: 'Renamed',
      photo: kept,
    });
    expect(unchanged.status).toBe(200);
  });
});
