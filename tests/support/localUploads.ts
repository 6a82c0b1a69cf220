import path from 'node:path';
import { expect } from 'vitest';
import type { AdminClient } from './adminClient';
import { png } from './images';

/** The local photo driver as the admin's browser uses it: ask for a URL, PUT the file, register it. */
export const base = () => process.env.TEST_BASE_URL!;
export const uploadsDir = () => path.join(process.env.DATA_DIR!, 'uploads');
export const keyOf = (url: string) => new URL(url, base()).pathname.split('/').pop()!;

export const photoTrainer = {
  name: 'Dr. Photo',
  bio: 'Has a face.',
  credentials: '',
  website: '',
  thinkificAffiliateUrl: '',
  statesServed: ['CA'],
};

export function localUploads(admin: () => AdminClient) {
  async function newUploadURL(): Promise<string> {
    const answer = await admin().call('POST', '/api/admin/objects/upload');
    expect(answer.status).toBe(200);
    return answer.body.uploadURL;
  }

  /** A browser's PUT: same origin, the file's type as Content-Type. */
  function put(url: string, body: BodyInit, type = 'image/png', extra: RequestInit = {}) {
    return fetch(url, { method: 'PUT', body, headers: { 'content-type': type, origin: base() }, ...extra });
  }

  function register(photoURL: unknown) {
    return admin().call('PUT', '/api/admin/trainer-photos', { photoURL });
  }

  /** Uploads and registers a real PNG; answers its object path. */
  async function uploadPhoto(image = png()): Promise<string> {
    const url = await newUploadURL();
    expect((await put(url, image)).status).toBe(201);
    const registered = await register(url);
    expect(registered.status).toBe(200);
    return registered.body.objectPath;
  }

  return { newUploadURL, put, register, uploadPhoto };
}
