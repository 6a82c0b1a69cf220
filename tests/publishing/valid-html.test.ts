import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, tempDir, type RunningServer } from '../support/server';

/**
 * Every kind of public page is valid HTML: 0 errors from the W3C Nu checker (npm
 * `vnu-jar`, run on Java; `.ci/run` installs Debian's default-jre-headless when java is missing).
 */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'));
let server: RunningServer;
const pagesDir = tempDir('emdr-vnu-');

const ADMIN = { email: 'valid-html@example.com', password: 'a valid html passphrase' };

beforeAll(async () => {
  server = await startServer({
    env: { SEED_DEMO: '1', REBUILD_DEBOUNCE_MS: '3600000', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  fs.rmSync(pagesDir, { recursive: true, force: true });
});

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the W3C Nu checker finds no error on any public page kind', async () => {
  const listed = (await (await fetch(`${server.url}/api/trainings`)).json()) as { id: string; state: string | null }[];
  expect(listed.length).toBeGreaterThan(0);
  const withState = listed.find((training) => training.state)!;
  const sitemap = await fetch(`${server.url}/sitemap.xml`).then((r) => r.text());
  const statePage = sitemap.match(/\/trainings\/[a-z-]+/)![0];
  const trainerPage = sitemap.match(/\/trainers\/[a-z0-9-]+(?=<)/)![0];
  const pages = {
    home: '/',
    search: '/trainings?format=Virtual',
    state: statePage,
    training: `/training/${withState.id}`,
    'training-not-found': '/training/00000000-0000-4000-8000-000000000000',
    'not-found': '/no-such-page',
    partner: '/partner',
    privacy: '/privacy',
    terms: '/terms',
    'refund-policy': '/refund-policy',
    'how-it-works': '/how-it-works',
    'report-received': `/listings/report-received?training=${withState.id}`,
    'report-form': `/listings/report?training=${withState.id}`,
    trainers: '/trainers',
    trainer: trainerPage,
    'trainer-embed': `/embed${trainerPage}`,
    map: '/map',
    // The empty result's help (no training is in Oregon in the demo data).
    'empty-result': '/trainings?state=OR',
    // The sign-in pages and what "Forgot password?" leads to (docs/product.md, Passwords).
    'admin-login': '/admin/login',
    'partner-login': '/account/login',
    'reset-request': '/admin/reset-password',
    'partner-reset-request': '/account/reset-password',
    'reset-link-not-valid': `/account/reset-password/${'x'.repeat(43)}`,
    'admin-account': '/admin/account',
    'partner-account': '/account',
  };
  // The Account page is a signed-in member's.
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  // A partner's Account page too: invited to a demo trainer's profile and signed in by accepting.
  const trainers = (await (await fetch(`${server.url}/api/admin/trainers`, { headers: { cookie } })).json()) as {
    id: string;
  }[];
  const invited = await fetch(`${server.url}/api/admin/invitations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ email: 'partner@valid-html.example', role: 'partner', trainerIds: [trainers[0]!.id] }),
  });
  const token = new URL(((await invited.json()) as { url: string }).url).pathname.split('/').pop()!;
  const accepted = await fetch(`${server.url}/api/admin/invitations/${token}/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ password: 'a valid html partner passphrase' }),
  });
  const partnerCookie = accepted.headers.get('set-cookie')!.split(';')[0]!;
  const files: string[] = [];
  for (const [name, urlPath] of Object.entries(pages)) {
    // Only the Account pages are a signed-in member's; the sign-in pages send a member home.
    const signedIn = name === 'partner-account' ? partnerCookie : name === 'admin-account' ? cookie : '';
    const answer = await fetch(`${server.url}${urlPath}`, { headers: { cookie: signedIn }, redirect: 'manual' });
    expect(answer.status, urlPath).not.toBe(302);
    expect(answer.headers.get('content-type'), urlPath).toContain('text/html');
    const file = path.join(pagesDir, `${name}.html`);
    fs.writeFileSync(file, await answer.text());
    files.push(file);
  }
  const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.error, 'java must be installed (Debian: default-jre-headless)').toBeUndefined();
  const { messages } = JSON.parse(run.stderr) as { messages: NuMessage[] };
  const errors = messages
    .filter((message) => message.type === 'error' || message.subType === 'fatal')
    .map(
      (message) =>
        `${path.basename(message.url)}:${message.lastLine ?? '?'}: ${message.message} [${message.extract ?? ''}]`,
    );
  expect(errors).toEqual([]);
}, 120_000);
