import fc from 'fast-check';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../support/server';
import { TEST_START } from '../support/testStart';

/**
 * Protocol-level fuzzing: raw requests over sockets, as a hostile client writes them, to
 * a server of its own. Whatever the HTTP parser lets through gets an answer, none is a 5xx unless
 * the test injected the fault, and after every request `/healthz` still answers 200.
 */
const FAULT_PATH = '/api/__injected-fault';
let server: RunningServer;
let port: number;

interface RawAnswer {
  status: number | null;
  head: string;
  text: string;
}

/** Writes `bytes` on a fresh socket and reads until the server closes it (or 5 s pass). */
function rawRequest(bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(), 5_000);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // One answer is enough: a keep-alive socket would otherwise wait for the timeout.
      const text = Buffer.concat(chunks).toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, headEnd));
      if (length && text.length >= headEnd + 4 + Number(length[1])) socket.destroy();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : null, head: text.split('\r\n\r\n')[0] ?? '', text });
    });
    // Written, not ended: a client that half-closes at once may lose the answer to a slow request.
    // One that sent a body shorter than its Content-Length ends its side a moment later.
    socket.on('connect', () => {
      socket.write(bytes);
      setTimeout(() => socket.end(), 1_500).unref();
    });
    socket.on('timeout', () => reject(new Error('timeout')));
  });
}

function request(method: string, target: string, headers: string[] = ['Host: 127.0.0.1']): string {
  return `${method} ${target} HTTP/1.1\r\n${[...headers, 'Connection: close'].join('\r\n')}\r\n\r\n`;
}

async function healthzAnswers(): Promise<void> {
  const answer = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  expect(answer.status).toBe(200);
}

/** Sends one raw request and checks the server answered it without a 5xx and is still up. */
async function expectHandled(bytes: string | Buffer, label = String(bytes)): Promise<RawAnswer> {
  const answer = await rawRequest(bytes);
  label = label.slice(0, 120);
  expect(answer.status, `an answer to ${JSON.stringify(label)}`).not.toBeNull();
  expect(answer.status!, `the answer to ${JSON.stringify(label)}: ${answer.head}`).toBeLessThan(500);
  await healthzAnswers();
  return answer;
}

const ISSUE_TARGETS = ['http://a:99999/', 'http://[::1/', 'http://x:y/', 'http://a%00b/'];
const ABSOLUTE_FORM = [
  'http://a:-1/',
  'http://a:65536/',
  'http://a:0x50/',
  'https://a:/',
  'http://a:99999999999999999999/',
  'http:///x',
  'http://%/',
  'http://a b/',
  'http://a..b/',
  'http://[1:2:3]/',
  'http://[::ffff:1.2.3.4.5]/',
  'http://[fe80::1%25eth0]/',
  'http://[::1]:80/api/trainings',
  'http://[::1]]/',
  'http://xn--/',
  'http://user:pw@127.0.0.1/',
  'http://127.0.0.1/admin/login',
  'http://127.0.0.1/api/trainings?page=2',
  'HTTP://EXAMPLE.COM/',
  'ftp://a/',
  'javascript:alert(1)',
  'http:/x',
  'http://a/%ZZ',
  'http://a/%00',
];
const OTHER_FORMS = ['a:80', '127.0.0.1:4321', '[::1]:443', '*', '?x', '#frag', 'a', '..', '//evil.example/x'];
const CONTROL_TARGETS = ['/\u0001', '/a\u007f', '/%00', '/a%00b', '/admin/%00', '/api/trainings/%00', '/\u001b[31m'];
const ODD_PATHS = [
  '/%',
  '/%ZZ',
  '/admin/%ZZ',
  '/api/%ZZ',
  '/api/trainings/%E0%A4%A',
  '/api/trainings?page=%ZZ&state=%',
  '/api/trainings?limit=-1&page=1e308',
  '/api/admin/trainers/%ZZ',
  '/trainings/%C0%AF',
  '/objects/..%2f..%2fetc%2fpasswd',
  '/objects/%2e%2e/%2e%2e/etc/passwd',
  '/feeds/..%2f..%2fpackage.json',
  '/_astro/%2e%2e/%2e%2e/package.json',
  `/${'a'.repeat(7_000)}`,
  `/api/trainings?${'q=1&'.repeat(1_500)}`,
];

// The same requests to the app alone and through the static front (docs/decisions/0017-static-front.md),
// which reads every request first and hands what it does not answer over to the app.
describe.each([
  { setup: 'the app alone', env: { STATIC_FRONT: '0' } },
  { setup: 'behind the static front', env: { STATIC_FRONT: '1' } },
])('$setup', ({ env }) => {
  beforeAll(async () => {
    server = await startServer({
      entry: [TEST_START, '--fault-path', FAULT_PATH],
      env: { REBUILD_DEBOUNCE_MS: '3600000', SEED_DEMO: '1', LOG_LEVEL: 'error', ...env },
    });
    port = Number(new URL(server.url).port);
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  describe('raw requests never stop the server nor get a 5xx', () => {
    test('the four targets that stopped the process', async () => {
      for (const target of ISSUE_TARGETS) {
        const answer = await expectHandled(request('GET', target), target);
        expect(answer.status).toBe(400);
      }
    });

    test('absolute-form targets with bad ports, hosts and IPv6 literals, and other forms', async () => {
      for (const target of [...ABSOLUTE_FORM, ...OTHER_FORMS]) {
        for (const method of ['GET', 'POST', 'OPTIONS'])
          await expectHandled(request(method, target), `${method} ${target}`);
      }
      for (const target of ['a:80', '127.0.0.1:4321', '[::1]:443']) {
        const answer = await expectHandled(request('CONNECT', target), `CONNECT ${target}`);
        expect(answer.status).toBe(405);
      }
    });

    test('control characters, %00, odd escapes and overlong lines', async () => {
      for (const target of [...CONTROL_TARGETS, ...ODD_PATHS]) {
        for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'])
          await expectHandled(request(method, target), `${method} ${target}`);
      }
      await expectHandled(request('GET', `/${'a'.repeat(200_000)}`), 'a 200 kB target');
    });

    test('unknown methods', async () => {
      for (const method of [
        'FOO',
        'PROPFIND',
        'BREW',
        'M-SEARCH',
        'TRACE',
        'PURGE',
        'LINK',
        'get',
        'G\u0001T',
        'X'.repeat(5_000),
      ]) {
        for (const target of ['/', '/api/trainings', '/admin/login', '/api/admin/trainers']) {
          await expectHandled(request(method, target), `${method.slice(0, 20)} ${target}`);
        }
      }
    });

    test('duplicate, bad and missing Host headers', async () => {
      const hostSets = [
        ['Host: a', 'Host: b'],
        ['Host: a:99999'],
        ['Host: [::1'],
        ['Host: x y'],
        ['Host: '],
        ['Host: %00'],
        ['Host: a/b'],
        ['Host: a@b'],
        ['Host: ' + 'h'.repeat(10_000)],
        ['Host: 127.0.0.1', 'X-Forwarded-Host: a:99999', 'X-Forwarded-Proto: javascript'],
        [],
      ];
      for (const headers of hostSets) {
        for (const target of ['/', '/api/trainings', '/admin/login', '/api/admin/session', '/nowhere']) {
          await expectHandled(request('GET', target, headers), `${target} ${headers.join(' | ').slice(0, 60)}`);
          await expectHandled(
            request('POST', target, [...headers, 'Content-Type: application/json', 'Content-Length: 2']).replace(
              /\r\n\r\n$/,
              '\r\n\r\n{}',
            ),
            `POST ${target} ${headers.join(' | ').slice(0, 60)}`,
          );
        }
      }
    });

    test('obs-fold, huge, conflicting and malformed headers', async () => {
      const headerSets = [
        ['Host: 127.0.0.1', 'X-A: b', ' folded'],
        ['Host: 127.0.0.1', 'X-Big: ' + 'a'.repeat(100_000)],
        ['Host: 127.0.0.1', ...Array.from({ length: 3_000 }, (_, i) => `X-${i}: ${i}`)],
        ['Host: 127.0.0.1', 'Content-Length: abc'],
        ['Host: 127.0.0.1', 'Content-Length: 1', 'Content-Length: 2'],
        ['Host: 127.0.0.1', 'Content-Length: 3', 'Transfer-Encoding: chunked'],
        ['Host: 127.0.0.1', 'Transfer-Encoding: gzip, chunked'],
        ['Host: 127.0.0.1', 'Bad Header: x'],
        ['Host: 127.0.0.1', ': empty name'],
        ['Host: 127.0.0.1', 'Cookie: session=%ZZ; a=\u00ff'],
        ['Host: 127.0.0.1', 'Accept-Encoding: ' + 'br;q=x, '.repeat(500)],
        ['Host: 127.0.0.1', 'Range: bytes=99999999-1'],
        ['Host: 127.0.0.1', 'If-None-Match: ' + '"x",'.repeat(2_000)],
        ['Host: 127.0.0.1', 'X-Forwarded-For: ' + 'not-an-ip, '.repeat(300)],
        ['Host: 127.0.0.1', 'Origin: http://[::1'],
        ['Host: 127.0.0.1', 'Content-Type: multipart/form-data; boundary=' + 'b'.repeat(5_000)],
      ];
      for (const headers of headerSets) {
        for (const [method, target] of [
          ['GET', '/'],
          ['GET', '/feeds/all.ics'],
          ['POST', '/api/admin/login'],
          ['PUT', '/api/admin/trainer-photos'],
        ] as const) {
          await expectHandled(
            request(method, target, headers),
            `${method} ${target} ${headers.slice(1).join(' | ').slice(0, 60)}`,
          );
        }
      }
      await expectHandled(Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00]), 'a TLS ClientHello');
      await expectHandled('GET / HTTP/9.9\r\nHost: a\r\n\r\n', 'HTTP/9.9');
      await expectHandled('\r\n\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n', 'leading blank lines');
    });

    test('generated targets and headers (fast-check)', async () => {
      const pieces = fc.oneof(
        fc.constantFrom('/', '%', '%00', '%ZZ', '%2e', '..', '?', '#', '[', ']', ':', '@', '\\', '*', 'http://', '//'),
        fc.constantFrom('api', 'admin', 'trainings', 'objects', 'feeds', '_astro', 'healthz', 'readyz'),
        fc.string({ maxLength: 8 }),
        fc.integer({ min: -1, max: 200_000 }).map(String),
      );
      const target = fc
        .array(pieces, { minLength: 1, maxLength: 8 })
        .map((parts) => parts.join('').replace(/[\s]/g, '') || '/');
      const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'FOO');
      const host = fc.oneof(
        fc.constant('127.0.0.1'),
        fc.string({ maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, '')),
      );
      await fc.assert(
        fc.asyncProperty(method, target, host, async (m, t, h) => {
          const answer = await rawRequest(request(m, t, [`Host: ${h}`]));
          if (answer.status === null || answer.status >= 500) return false;
          await healthzAnswers();
          return true;
        }),
        { numRuns: 300, seed: 26 },
      );
    });

    test('clients that reset mid-body or mid-answer leave the server serving', async () => {
      /** Connects, writes, waits for `after` to say when, then resets the connection (RST, not FIN). */
      const resetWhen = (bytes: string, after: (received: number) => boolean) =>
        new Promise<void>((resolve) => {
          const socket = net.connect(port, '127.0.0.1');
          let received = 0;
          const reset = () => socket.resetAndDestroy();
          socket.on('error', () => {});
          socket.on('close', () => resolve());
          socket.on('connect', () => {
            socket.write(bytes);
            if (after(0)) setTimeout(reset, 50);
          });
          socket.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (after(received)) reset();
          });
          setTimeout(reset, 5_000).unref();
        });
      const uploads = ['/api/admin/trainings', '/admin/login', '/api/admin/trainer-photos', '/alerts/unsubscribe'];
      for (const target of uploads) {
        // A body announced at 1 MB, a few bytes of it sent, then the connection reset.
        await resetWhen(
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"a":`,
          () => true,
        );
        await healthzAnswers();
      }
      for (const target of ['/feeds/all.ics', '/api/trainings', '/', '/healthz']) {
        // The answer's first bytes read, then the connection reset while the rest is on its way.
        await resetWhen(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: identity\r\n\r\n`, (n) => n > 0);
        await healthzAnswers();
      }
      // Many at once, on every kind of answer.
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          resetWhen(
            `GET ${['/feeds/all.ics', '/api/trainings', '/'][i % 3]} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
            (n) => n > 0,
          ),
        ),
      );
      await healthzAnswers();
      expect(server.output()).not.toMatch(/uncaught|unhandled/i);
    });

    test('a bug of ours is a 500 with a request id, logged, and the process keeps serving', async () => {
      const answer = await rawRequest(request('GET', FAULT_PATH));
      expect(answer.status).toBe(500);
      const requestId = /\r\nx-request-id: (\S+)/i.exec(answer.head)?.[1];
      expect(requestId).toBeTruthy();
      expect(answer.text).toContain(requestId);
      expect(answer.text).not.toContain('fault injected');
      await healthzAnswers();
      await expect.poll(() => server.output()).toContain(requestId!);
      expect(server.output()).toContain('fault injected by the test');
    });
  });

  // The app takes the port over if the front ends: a front the requests stopped would go unseen.
  test('no process of the server ended meanwhile', () => {
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain('The static front stopped');
  });
});
