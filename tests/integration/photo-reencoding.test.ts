import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, test } from 'vitest';
import { adminClient, type AdminClient } from '../support/adminClient';
import { jpegWithGps, pngHeaderClaiming } from '../support/images';
import { base, keyOf, localUploads, uploadsDir } from '../support/localUploads';
import { resetDatabase } from '../support/reset';

/** Every uploaded photo is re-encoded before it is served: no EXIF or GPS, bounded pixel dimensions. */
let admin: AdminClient;
beforeEach(async () => {
  await resetDatabase();
  admin = await adminClient();
});
const { newUploadURL, put, register } = localUploads(() => admin);

async function served(objectPath: string): Promise<Buffer> {
  // The uploader sees it before any trainer shows it (docs/product.md, Photos).
  const response = await fetch(`${base()}${objectPath}`, { headers: { cookie: admin.cookie } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('photo re-encoding', () => {
  test('a JPEG with EXIF and a GPS position is served without any of it', async () => {
    const original = await jpegWithGps(16, 12);
    expect((await sharp(original).metadata()).exif?.length).toBeGreaterThan(0);
    expect(original.includes('SpyCam')).toBe(true);

    const url = await newUploadURL();
    expect((await put(url, new Uint8Array(original), 'image/jpeg')).status).toBe(201);
    const registered = await register(url);
    expect(registered.status).toBe(200);
    const copy = await served(registered.body.objectPath);
    const meta = await sharp(copy).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 16, 12]);
    expect(meta.exif).toBeUndefined();
    expect(copy.includes('SpyCam')).toBe(false);
    expect(copy.includes('Exif')).toBe(false);
    // Only the copy is kept.
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(url)))).toBe(false);
  });

  test('a header announcing 900 megapixels (a decompression bomb) is refused before decoding and deleted', async () => {
    const url = await newUploadURL();
    expect((await put(url, new Uint8Array(pngHeaderClaiming(30_000, 30_000)))).status).toBe(201);
    const registered = await register(url);
    expect(registered.status).toBe(400);
    expect(registered.body.fieldErrors.photoURL).toEqual([
      'Photo is too large in pixels; use one of at most 40 megapixels',
    ]);
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(url)))).toBe(false);
  });

  test('a photo larger than a page shows is scaled down to at most 2048 pixels a side', async () => {
    const large = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: 'teal' } })
      .png()
      .toBuffer();
    const url = await newUploadURL();
    expect((await put(url, new Uint8Array(large))).status).toBe(201);
    const registered = await register(url);
    expect(registered.status).toBe(200);
    const meta = await sharp(await served(registered.body.objectPath)).metadata();
    expect([meta.width, meta.height]).toEqual([2048, 1024]);
  });

  test('a file with an image signature but no image behind it is refused and deleted', async () => {
    const url = await newUploadURL();
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a jpeg'.repeat(10))]);
    expect((await put(url, fake, 'image/jpeg')).status).toBe(201);
    const registered = await register(url);
    expect(registered.status).toBe(400);
    expect(registered.body.fieldErrors.photoURL).toEqual(['Photo must be a JPEG, PNG, WebP or GIF image']);
    expect(fs.existsSync(path.join(uploadsDir(), keyOf(url)))).toBe(false);
  });
});
