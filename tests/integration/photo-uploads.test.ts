import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { png, SVG, TEXT } from '../support/images';
import { base, keyOf, localUploads, photoTrainer, uploadsDir } from '../support/localUploads';
import { resetDatabase } from '../support/reset';
import { signingSecret, signUpload } from '../../src/storage/signing';
import sharp from 'sharp';

/** The local photo driver's two calls: signed upload URLs, and the server's own size and type checks. */
const MAX = 5_242_880;

let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});
const { newUploadURL, put, register } = localUploads(() => admin);

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
  test('a PNG sent as text/plain (a renamed .txt) is accepted by its bytes; its re-encoded copy is served as image/png', async () => {
    const image = png({ width: 3, height: 2 });
    const url = await newUploadURL();
    expect((await put(url, image, 'text/plain')).status).toBe(201);
    const registered = await register(url);
    expect(registered.status).toBe(200);
    // The copy lives under a new key no upload URL was issued for; the upload itself is gone.
    expect(registered.body.objectPath).toMatch(/^\/objects\/[a-f0-9]{32}$/);
    expect(keyOf(registered.body.objectPath)).not.toBe(keyOf(url));
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(url)))).toBe(false);

    const served = await fetch(`${base()}${registered.body.objectPath}`, { headers: { cookie: admin.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 3, 2]);
    // No trainer shows it yet: nobody else sees it. Once one does, it is public, cached for a year.
    expect((await fetch(`${base()}${registered.body.objectPath}`)).status).toBe(404);
    const shown = await admin.call('POST', '/api/admin/trainers', {
      ...photoTrainer,
      photo: registered.body.objectPath,
    });
    expect(shown.status).toBe(201);
    const live = await fetch(`${base()}${registered.body.objectPath}`);
    expect(live.status).toBe(200);
    expect(live.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
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
      requestId: registered.headers.get('x-request-id'),
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
    // An issued upload URL whose object grew past the limit in storage (the PUT endpoint refuses it).
    const key = keyOf(await newUploadURL());
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
      expect(answer.body.fieldErrors.photoURL).toEqual(['Photo URL must be a new upload URL issued by this site']);
    }
    expect((await register(`/api/uploads/${'0'.repeat(32)}`)).body.error).toBe(
      'Photo URL must be a new upload URL issued by this site',
    );
    // Issued but never uploaded to.
    expect((await register(`/api/uploads/${keyOf(await newUploadURL())}`)).body.error).toBe(
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
