import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BODY_DEADLINE_MS } from '../../src/server/bodyRules';
import { staticFrontOf, treeRssMiB } from '../support/processTree';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { EVENT_LOOP_REPORT, TEST_START } from '../support/testStart';

/**
 * docs/security.md, Headers and input: four unauthenticated connections each sent 8 MiB of a chunked body to
 * `POST /api/alerts` and then a chunk header that never ends (`1;` and one more extension byte every
 * few seconds). While they stayed open, every route of the app went unanswered behind the static
 * front: its one hand-off budget was full. Here the same attack, and the same with large bodies
 * announced by a Content-Length and trickled, against both setups: the routes a load balancer and a
 * member use answer all along, and nothing is held afterwards.
 */
let server: RunningServer;
let port: number;
const MiB = 1024 * 1024;
const ONE_MIB_CHUNK = `100000\r\n${'x'.repeat(MiB)}\r\n`;

interface Attacker {
  socket: net.Socket;
  /** The server closed the connection (or reset it). */
  closed: Promise<void>;
  stop(): void;
}

/** A connection that writes `head`, then `body`, then `trickle()` every `everyMs`, until stopped. */
function attacker(head: string, body: string[], trickle: () => string, everyMs: number): Attacker {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.on('data', () => {});
  let timer: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.once('connect', () => {
    socket.write(head);
    for (const part of body) socket.write(part);
    timer = setInterval(() => socket.writable && socket.write(trickle()), everyMs);
  });
  void closed.then(() => clearInterval(timer));
  return { socket, closed, stop: () => socket.destroy() };
}

const alertsHead = (framing: string) =>
  `POST /api/alerts HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;

/** The attack of the issue: 8 MiB of chunks, then `1;` and one more extension byte each second. */
const chunkedHolder = () =>
  attacker(alertsHead('Transfer-Encoding: chunked'), [...Array(8).fill(ONE_MIB_CHUNK), '1;'], () => 'a', 1_000);

/** 8 MiB announced, sent 32 KiB every 100 ms: the whole body would take 26 s. */
const trickledLengthHolder = () =>
  attacker(alertsHead(`Content-Length: ${8 * MiB}`), [], () => 'x'.repeat(32 * 1024), 100);

let signIns = 0;

/**
 * One request on a connection of its own, as a load balancer's probe and a new visitor open one (a
 * connection kept from before would already be the app's, past the front's hand-off). The status,
 * or 0 when the connection closed with no answer (curl's `000`).
 */
function statusOf(path: string, method = 'GET', body?: string): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { origin: server.url };
    if (body !== undefined)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': `${Buffer.byteLength(body)}` });
    const request = http.request(`${server.url}${path}`, { method, agent: false, headers, timeout: 10_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

/** The routes a load balancer and a member signing in use, and what each answered. */
async function routesAnswer(): Promise<Record<string, number>> {
  return {
    '/healthz': await statusOf('/healthz'),
    '/readyz': await statusOf('/readyz'),
    '/api/trainings': await statusOf('/api/trainings'),
    '/admin/login': await statusOf('/admin/login'),
    // An email of its own each time: an account's failed sign-ins back off after five.
    'POST /api/admin/login': await statusOf(
      '/api/admin/login',
      'POST',
      JSON.stringify({ email: `nobody${++signIns}@example.com`, password: 'not the password' }),
    ),
  };
}
const NORMAL = {
  '/healthz': 200,
  '/readyz': 200,
  '/api/trainings': 200,
  '/admin/login': 200,
  'POST /api/admin/login': 401,
};

/** What the static front holds for hand-offs now, as it reports it on SIGUSR2 (testStart.ts). */
async function frontHeldBytes(): Promise<number | null> {
  const front = staticFrontOf(server.child.pid!);
  if (!front) return null;
  const before = server.output().length;
  process.kill(front, 'SIGUSR2');
  const line = await waitFor(
    async () =>
      server
        .output()
        .slice(before)
        .split('\n')
        .find((l) => l.startsWith(EVENT_LOOP_REPORT) && l.includes('"front"')) ?? '',
    10_000,
    20,
  );
  return (JSON.parse(line.slice(EVENT_LOOP_REPORT.length)) as { heldBytes: number }).heldBytes;
}

/** Holds four attackers open for a few seconds while asking every route, then lets them go. */
async function underAttack(make: () => Attacker): Promise<{ answers: Record<string, number>[]; held: number | null }> {
  const attackers = Array.from({ length: 4 }, make);
  const answers: Record<string, number>[] = [];
  let held: number | null = null;
  try {
    // Time for the bodies to arrive (8 MiB each on loopback), then the routes, again and again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    for (let round = 0; round < 3; round++) {
      answers.push(await routesAnswer());
      held = Math.max(held ?? 0, (await frontHeldBytes()) ?? 0);
      // Not a wait for an outcome: the rounds are spread over the attack on purpose, since the routes
      // must keep answering for as long as the holders hold, not once.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    for (const a of attackers) a.stop();
  }
  return { answers, held };
}

describe.each([
  { setup: 'the app alone', env: { STATIC_FRONT: '0' } },
  { setup: 'behind the static front', env: { STATIC_FRONT: '1' } },
])('$setup', ({ env }) => {
  beforeAll(async () => {
    server = await startServer({
      entry: [TEST_START, '--event-loop-report'],
      env: { REBUILD_DEBOUNCE_MS: '3600000', SEED_DEMO: '1', LOG_LEVEL: 'error', ...env },
    });
    port = Number(new URL(server.url).port);
    expect(await routesAnswer()).toEqual(NORMAL);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  test('a chunked body is 411 Length Required on every path but uploads', async () => {
    const chunked = (method: string, target: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
        socket.on('error', () => {});
        socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
        socket.on('connect', () =>
          socket.write(
            `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${server.url}\r\n` +
              'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
          ),
        );
        setTimeout(() => socket.destroy(), 5_000).unref();
      });
    for (const [method, target] of [
      ['POST', '/api/alerts'],
      ['POST', '/api/admin/login'],
      ['PATCH', '/api/admin/trainings/00000000-0000-0000-0000-000000000000'],
      ['POST', '/alerts/unsubscribe?token=x'],
      ['POST', '/'],
      ['GET', '/'],
      ['GET', '/healthz'],
    ])
      expect(await chunked(method!, target!), `${method} ${target}`).toBe('HTTP/1.1 411 Length Required');
    // The local photo store's signed upload URL streams its body: a chunked PUT is read (and this
    // one, unsigned, refused for its signature).
    const upload = await chunked('PUT', '/api/uploads/abc?expires=1&sig=x');
    expect(upload).toMatch(/^HTTP\/1\.1 [34]\d\d /);
    expect(upload).not.toContain('411');
  });

  test('four clients holding chunked bodies open: every route answers, and nothing is held afterwards', async () => {
    const baseline = treeRssMiB(server.child.pid!);
    const { answers, held } = await underAttack(chunkedHolder);
    for (const answer of answers) expect(answer).toEqual(NORMAL);
    // Nothing of theirs was gathered (411 at once), and nothing is left.
    expect(held ?? 0).toBe(0);
    expect((await frontHeldBytes()) ?? 0).toBe(0);
    expect(treeRssMiB(server.child.pid!) - baseline).toBeLessThan(32);
  }, 60_000);

  test('four clients trickling large bodies with a Content-Length: every route answers, nothing is held afterwards', async () => {
    const baseline = treeRssMiB(server.child.pid!);
    const { answers } = await underAttack(trickledLengthHolder);
    for (const answer of answers) expect(answer).toEqual(NORMAL);
    // What was handed over with their heads is the app's once it has taken it.
    await waitFor(async () => ((await frontHeldBytes()) ?? 0) === 0, 10_000, 200);
    expect(treeRssMiB(server.child.pid!) - baseline).toBeLessThan(32);
  }, 60_000);

  test(
    `a body still arriving ${BODY_DEADLINE_MS / 1000} s after its head is cut with 408`,
    async () => {
      // A small JSON body, a byte a second: never idle long enough for the stall sweep.
      const trickler = attacker(alertsHead('Content-Length: 1000'), ['{"email":"'], () => 'a', 1_000);
      let answer = '';
      trickler.socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      const started = Date.now();
      await Promise.race([trickler.closed, new Promise((resolve) => setTimeout(resolve, BODY_DEADLINE_MS + 10_000))]);
      const after = Date.now() - started;
      trickler.stop();
      expect(after).toBeGreaterThanOrEqual(BODY_DEADLINE_MS - 1_000);
      expect(after).toBeLessThan(BODY_DEADLINE_MS + 10_000);
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
      expect(await routesAnswer()).toEqual(NORMAL);
    },
    BODY_DEADLINE_MS + 40_000,
  );

  test('no process of the server ended meanwhile', () => {
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain('The static front stopped');
  });
});
