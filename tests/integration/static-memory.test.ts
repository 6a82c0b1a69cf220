import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { treeRssMiB } from '../support/processTree';

/**
 * The public site answers any spelling of a path without holding memory per spelling: a server
 * process of its own, so its resident memory can be read from /proc.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { REBUILD_DEBOUNCE_MS: '3600000', LOG_LEVEL: 'info' } });
}, 240_000);
afterAll(async () => {
  agent.destroy();
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

/** The server's processes together: the app and the static front, which answers these paths. */
const rssBytes = (pid: number) => treeRssMiB(pid) * 1024 * 1024;

/** Different spellings of `/`: repeated slashes, dot segments and percent-encodings, all distinct. */
function spellingsOfRoot(count: number): string[] {
  const pieces = ['/', '/.', '/%2E', '/%2e', '//', '/./'];
  const out = new Set<string>();
  for (let i = 0; out.size < count; i++) {
    let path = '';
    for (let n = i; ; n = Math.floor(n / pieces.length) - 1) {
      path += pieces[n % pieces.length];
      if (n < pieces.length) break;
    }
    if (path !== '/') out.add(path.endsWith('/') ? path : `${path}/`);
  }
  return [...out];
}

/** A raw GET: fetch() would resolve dot segments and encodings before sending, as browsers do. */
function get(path: string): Promise<{ status: number; location: string | null; body: Buffer }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { hostname, port, path, agent, headers: { 'accept-encoding': 'br, gzip' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            location: response.headers.location ?? null,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
  });
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

describe('public site memory', () => {
  test('thousands of spellings of one page are redirected to it and leave memory where it was', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/(?:src|href)="\/_astro\/([^"]+)"/)?.[1];
    expect(asset).toBeTruthy();
    // Requests first until the server's memory settles at its working size under load: the
    // JavaScript engine grows its young generation in steps of about 20 MiB over the first seconds
    // of steady traffic, then stays there. Growth is measured from that plateau (unchanged for 3 s).
    let before = rssBytes(server.child.pid!);
    for (let since = Date.now(), deadline = since + 30_000; Date.now() - since < 3000 && Date.now() < deadline;) {
      for (let i = 0; i < 200; i++) await get(i % 2 ? '/' : '/partner');
      const now = rssBytes(server.child.pid!);
      if (Math.abs(now - before) > 1024 * 1024) since = Date.now();
      before = now;
    }

    for (const path of spellingsOfRoot(4000)) {
      const answer = await get(path);
      if (answer.status === 301) expect(answer.location, path).toBe('/');
      else expect(answer.body.equals(home.body), path).toBe(true);
    }
    // Paths that name nothing are not remembered either.
    for (let i = 0; i < 2000; i++) expect((await get(`/no-such-page-${i}-${'x'.repeat(200)}`)).status).toBe(404);

    const grown = rssBytes(server.child.pid!) - before;
    console.log(`RSS grew by ${(grown / 1024 / 1024).toFixed(1)} MiB over 6,000 requests`);
    expect(grown).toBeLessThan(40 * 1024 * 1024);

    const encoded = await get(`/%5Fastro/${asset}`);
    expect(encoded.status).toBe(301);
    expect(encoded.location).toBe(`/_astro/${asset}`);
    expect((await get(`/%70artner?ref=x`)).location).toBe('/partner?ref=x');
    expect((await get('/partner')).status).toBe(200);
  }, 300_000);

  test('errors can be found in the log by the request id the client was given', async () => {
    const response = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password' }),
    });
    expect(response.status).toBe(401);
    const requestId = response.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const lines = await waitFor(async () => {
      const found = server
        .output()
        .split('\n')
        .filter((line) => line.includes(requestId));
      return found.length > 0 ? found : null;
    }, 10_000);
    const entry = JSON.parse(lines![0]!) as { requestId: string; msg: string; level: number; time: string };
    expect(entry).toMatchObject({ requestId, msg: 'failed login' });
    expect(lines!.join('\n')).not.toContain('wrong password');
  });
});
