import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, waitFor, type RunningServer } from '../support/server';
import { staticFrontOf } from '../support/processTree';
import { adminClient } from '../support/adminClient';
import { png } from '../support/images';

/**
 * STATIC_FRONT=1 (docs/decisions/0017-static-front.md): a process of its own answers the published
 * files and hands every other request's connection to the app, which then serves it. Clients see
 * one server: the same answers, in order, on the connections they opened.
 */
let server: RunningServer;
let port: number;

const frontPid = () => staticFrontOf(server.child.pid!);
/** Ended: no entry left, or a zombie its new parent has not reaped yet. */
const ended = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
};

/** Secrets the app's environment holds: none may reach the front (docs/security.md). */
const SECRETS = {
  SMTP_URL: 'smtp://mailer:smtp-secret-for-the-front-test@127.0.0.1:2525',
  S3_SECRET_ACCESS_KEY: 's3-secret-for-the-front-test',
  ADMIN_EMAIL: 'front-test@example.com',
  ADMIN_PASSWORD: 'admin-password-for-the-front-test',
};

beforeAll(async () => {
  server = await startServer({
    env: { STATIC_FRONT: '1', REBUILD_DEBOUNCE_MS: '3600000', LOG_LEVEL: 'error', ...SECRETS },
  });
  port = Number(new URL(server.url).port);
}, 240_000);
afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Reads HTTP/1.1 answers off the bytes of one connection, in order (lengths and chunked bodies). */
function parseAnswers(bytes: Buffer): Answer[] {
  const answers: Answer[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd === -1) break;
    const [statusLine, ...lines] = bytes.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)![1]);
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    at = headEnd + 4;
    if (status === 100) continue;
    let body: Buffer = Buffer.alloc(0);
    if (headers['transfer-encoding'] === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = bytes.indexOf('\r\n', at);
        const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
        at = lineEnd + 2;
        if (size === 0) {
          at = bytes.indexOf('\r\n', at) + 2;
          break;
        }
        parts.push(bytes.subarray(at, at + size));
        at += size + 2;
      }
      body = Buffer.concat(parts);
    } else if (headers['content-length']) {
      body = bytes.subarray(at, at + Number(headers['content-length']));
      at += body.length;
    }
    answers.push({ status, headers, body });
  }
  return answers;
}

/** Writes the requests on one connection, as one write or one by one, and reads until `count` answers came. */
function onOneConnection(requests: (string | Buffer)[], count: number, oneWrite = true): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${parseAnswers(Buffer.concat(chunks)).length} of ${count} answers came`));
    }, 20_000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const answers = parseAnswers(Buffer.concat(chunks));
      if (answers.length >= count) {
        clearTimeout(timer);
        socket.destroy();
        resolve(answers);
      }
    });
    socket.on('error', reject);
    const writeAll = async () => {
      if (oneWrite) return void socket.write(Buffer.concat(requests.map((r) => Buffer.from(r))));
      for (const request of requests) {
        socket.write(request);
        // The next request once this one is answered: a browser's keep-alive connection.
        const before = parseAnswers(Buffer.concat(chunks)).length;
        await waitFor(async () => parseAnswers(Buffer.concat(chunks)).length > before, 10_000, 20);
      }
    };
    socket.on('connect', () => void writeAll().catch(reject));
  });
}

/** A connection the test writes on step by step, reading what came back so far. */
async function stepByStep() {
  const raw: Buffer[] = [];
  const socket = net.connect(port, '127.0.0.1');
  socket.on('data', (chunk: Buffer) => raw.push(chunk));
  await new Promise((resolve) => socket.once('connect', resolve));
  const answers = () => parseAnswers(Buffer.concat(raw));
  return {
    socket,
    text: () => Buffer.concat(raw).toString('latin1'),
    answers,
    untilAnswers: (count: number) => waitFor(async () => answers().length >= count, 10_000, 20),
  };
}

const get = (target: string) => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
const loginBody = (padding: number) =>
  `{"email":"nobody@example.com","password":"not the password"${' '.repeat(padding)}}`;
const login = (body: string, extra: string[] = []) =>
  [
    'POST /api/admin/login HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Origin: http://localhost:${port}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...extra,
    '',
    body,
  ].join('\r\n');

describe('the static front', () => {
  test('runs as a process of its own beside the app', () => {
    expect(frontPid()).toBeGreaterThan(0);
  });

  test('is given no secret of the environment: no database URL, SMTP URL, S3 key or admin password', () => {
    const environment = (pid: number) =>
      new Map(
        fs
          .readFileSync(`/proc/${pid}/environ`, 'latin1')
          .split('\0')
          .filter(Boolean)
          .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
      );
    const app = environment(server.child.pid!);
    const front = environment(frontPid()!);
    // The app was given them (DATABASE_URL empty: the embedded database).
    for (const name of ['DATABASE_URL', ...Object.keys(SECRETS)]) expect(app.has(name), name).toBe(true);
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'S3_SECRET_ACCESS_KEY', 'ADMIN_PASSWORD'])
      expect(front.has(name), name).toBe(false);
    const frontText = [...front.values()].join('\n');
    for (const value of Object.values(SECRETS)) expect(frontText).not.toContain(value);
  });

  test('a browser-like connection: a page, the list, a login with a 60 kB body, a page again', async () => {
    const answers = await onOneConnection(
      [get('/'), get('/api/trainings?limit=1'), login(loginBody(60_000)), get('/trainings')],
      4,
      false,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 200]);
    expect(answers[0]!.headers['content-type']).toMatch(/^text\/html/);
    expect(JSON.parse(answers[1]!.body.toString())).toEqual(
      await (await fetch(`${server.url}/api/trainings?limit=1`)).json(),
    );
    // The whole body reached the app: a cut one would be a 400 for JSON it cannot read.
    expect(JSON.parse(answers[2]!.body.toString())).toMatchObject({ error: 'Invalid credentials' });
    expect(answers[3]!.body.toString()).toContain('</html>');
  });

  test('the front and the app answer a file with the same bytes and headers', async () => {
    const withoutDate = ({ status, headers, body }: Answer) => {
      const { date: _date, ...rest } = headers;
      return { status, headers: rest, body: body.toString('base64') };
    };
    for (const target of ['/', '/feeds/all.ics', '/no-such-page', '/training/unknown']) {
      // A fresh connection asking for a file is the front's; after an API request it is the app's.
      const [fromFront] = await onOneConnection([get(target)], 1);
      const [, fromApp] = await onOneConnection([get('/api/trainings?limit=1'), get(target)], 2);
      expect(withoutDate(fromApp!), target).toEqual(withoutDate(fromFront!));
    }
  });

  test('pipelined requests, files and others mixed, are answered in order', async () => {
    const answers = await onOneConnection(
      [get('/'), get('/api/trainings?limit=1'), get('/robots.txt'), get('/healthz'), get('/no-such-page')],
      5,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 404]);
    expect(answers[2]!.body.toString()).toContain('Sitemap:');
    expect(JSON.parse(answers[3]!.body.toString())).toMatchObject({ status: 'ok' });
  });

  test('a health probe is answered by the front with what the app says, in order before what follows it', async () => {
    const answers = await onOneConnection(
      [get('/healthz'), get('/api/trainings?limit=1'), get('/'), get('/readyz')],
      4,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(JSON.parse(answers[0]!.body.toString())).toEqual({ status: 'ok' });
    expect(answers[0]!.headers['cache-control']).toBe('no-store');
    expect(answers[0]!.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(answers[1]!.body.toString())).toEqual(
      await (await fetch(`${server.url}/api/trainings?limit=1`)).json(),
    );
    expect(answers[2]!.headers['content-type']).toMatch(/^text\/html/);
    expect(JSON.parse(answers[3]!.body.toString())).toEqual({ status: 'ok' });
  });

  test('a body the front read only the start of reaches the app whole', async () => {
    // Written in two parts: the front has read the head and a kilobyte when it hands over, the rest
    // the app reads from the socket itself.
    const request = Buffer.from(login(loginBody(62_000)));
    const { socket, answers, untilAnswers } = await stepByStep();
    socket.write(get('/'));
    await untilAnswers(1);
    socket.write(request.subarray(0, 1_200));
    // The front reads what came and hands over: a short pause lets it, and the result must not
    // depend on it (with no pause the app gets more from the front and less from the socket).
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(request.subarray(1_200));
    await untilAnswers(2);
    socket.destroy();
    expect(answers().map((a) => a.status)).toEqual([200, 401]);
    expect(JSON.parse(answers()[1]!.body.toString())).toMatchObject({ error: 'Invalid credentials' });
  });

  test('a chunked upload after a page reaches the app whole', async () => {
    // Uploads are the one place a body may come chunked (src/server/bodyRules.ts).
    const admin = await adminClient(server.url, SECRETS.ADMIN_EMAIL, SECRETS.ADMIN_PASSWORD);
    const { uploadURL } = (await admin.call('POST', '/api/admin/objects/upload')).body as { uploadURL: string };
    const { pathname, search } = new URL(uploadURL);
    const photo = png({ width: 64, height: 64 });
    const chunked = Buffer.concat([
      Buffer.from(
        [
          `PUT ${pathname}${search} HTTP/1.1`,
          `Host: 127.0.0.1:${port}`,
          `Origin: http://localhost:${port}`,
          'Content-Type: image/png',
          'Transfer-Encoding: chunked',
          '',
          `a\r\n`,
        ].join('\r\n'),
      ),
      photo.subarray(0, 10),
      Buffer.from(`\r\n${(photo.length - 10).toString(16)}\r\n`),
      photo.subarray(10),
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const answers = await onOneConnection([get('/'), chunked, get('/')], 3);
    expect(answers.map((a) => a.status)).toEqual([200, 201, 200]);
    expect(JSON.parse(answers[1]!.body.toString())).toEqual({ size: photo.length });
  });

  test('any other chunked body is refused with 411 before the front gathers it', async () => {
    const body = loginBody(20);
    const chunked = [
      'POST /api/admin/login HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Origin: http://localhost:${port}`,
      'Content-Type: application/json',
      'Transfer-Encoding: chunked',
      '',
      `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    ].join('\r\n');
    const answers = await onOneConnection([get('/'), chunked], 2);
    expect(answers.map((a) => a.status)).toEqual([200, 411]);
    expect(answers[1]!.headers.connection).toBe('close');
  });

  test('Expect: 100-continue gets one 100 Continue, from the app', async () => {
    const body = loginBody(10);
    const { socket, text, answers, untilAnswers } = await stepByStep();
    socket.write(get('/'));
    await untilAnswers(1);
    socket.write(login('', ['Expect: 100-continue']).replace(/Content-Length: 0/, `Content-Length: ${body.length}`));
    await waitFor(async () => text().includes('100 Continue'), 10_000, 20);
    socket.write(body);
    await untilAnswers(2);
    socket.destroy();
    expect(text().match(/HTTP\/1\.1 100 Continue/g)).toHaveLength(1);
    expect(answers().map((a) => a.status)).toEqual([200, 401]);
  });

  test('pages keep being served while the app is stopped', async () => {
    const agent = new http.Agent({ keepAlive: false });
    const status = (target: string, timeout: number) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${server.url}${target}`, { agent, timeout }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode!));
          })
          .on('timeout', function (this: http.ClientRequest) {
            this.destroy(new Error('timeout'));
          })
          .on('error', reject);
      });
    process.kill(server.child.pid!, 'SIGSTOP');
    try {
      expect(await status('/', 5_000)).toBe(200);
      expect(await status('/feeds/all.ics', 5_000)).toBe(200);
      expect(await status('/no-such-page', 5_000)).toBe(404);
      // The front asks the app, which does not answer: unavailable, not a probe left hanging.
      expect(await status('/healthz', 10_000)).toBe(503);
      expect(await status('/readyz', 10_000)).toBe(503);
    } finally {
      process.kill(server.child.pid!, 'SIGCONT');
    }
    expect(await status('/healthz', 5_000)).toBe(200);
  });
});

describe('when a process of the pair ends', () => {
  test('the app serves the port itself once the front is gone', async () => {
    const pid = frontPid()!;
    process.kill(pid, 'SIGKILL');
    await waitFor(async () => ended(pid), 10_000, 50);
    // Connections the front held died with it; a client's next connection is the app's.
    await waitFor(async () => (await fetch(`${server.url}/`)).status === 200, 10_000, 50);
    await waitFor(async () => (await fetch(`${server.url}/api/trainings?limit=1`)).status === 200, 10_000, 50);
    expect(server.output()).toContain('The static front stopped');
  });

  // The same DATA_DIR again from here: its site is built, so these starts are quick.
  const startAgain = () =>
    startServer({
      dataDir: server.dataDir,
      env: { STATIC_FRONT: '1', REBUILD_DEBOUNCE_MS: '3600000', LOG_LEVEL: 'info' },
    });

  test('Ctrl-C reaching both processes stops them the graceful way, the app first telling the front', async () => {
    await server.stop();
    const again = await startAgain();
    const front = staticFrontOf(again.child.pid!)!;
    const exited = new Promise<number | null>((resolve) => again.child.once('exit', (code) => resolve(code)));
    // A terminal's Ctrl-C signals every process of the group, the front perhaps first: it keeps
    // serving until the app tells it to stop.
    process.kill(front, 'SIGINT');
    // Waiting for what must not happen: the front has a second to end, and does not.
    await expect(waitFor(async () => ended(front), 1_000, 50)).rejects.toThrow('condition not met');
    expect((await fetch(`${again.url}/`)).status).toBe(200);
    process.kill(again.child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    await waitFor(async () => ended(front), 10_000, 50);
    expect(again.output()).toContain('SIGINT: finishing in-flight requests');
    expect(again.output()).not.toContain('The static front stopped');
  }, 240_000);

  test('a stop ends while clients keep asking, on a connection the front serves and on one it handed over', async () => {
    const again = await startAgain();
    const exited = new Promise<number | null>((resolve) => again.child.once('exit', (code) => resolve(code)));
    // Each client asks again as soon as an answer is in, on its one keep-alive connection, until the
    // server is gone.
    const keepAsking = (target: string) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const client = { answers: 0, ended: Promise.resolve() };
      const get = () =>
        new Promise<void>((resolve, reject) => {
          http
            .get(`${again.url}${target}`, { agent }, (res) => {
              res.resume();
              res.on('end', resolve);
            })
            .on('error', reject);
        });
      client.ended = (async () => {
        for (;;) {
          await get();
          client.answers++;
        }
      })().catch(() => agent.destroy());
      return client;
    };
    const api = keepAsking('/api/trainings?limit=1');
    const page = keepAsking('/');
    await waitFor(async () => api.answers > 0 && page.answers > 0, 30_000, 20);
    process.kill(again.child.pid!, 'SIGTERM');
    // A stop that waited for the clients to go quiet would end only at the app's 60 s guard, with 1.
    expect(await exited).toBe(0);
    await Promise.all([api.ended, page.ended]);
    expect(again.output()).not.toContain('The static front stopped');
  }, 120_000);

  test('the front leaves with the app, freeing the port', async () => {
    const again = await startAgain();
    const front = staticFrontOf(again.child.pid!)!;
    expect(front).toBeGreaterThan(0);
    expect((await fetch(`${again.url}/`)).status).toBe(200);
    await again.kill();
    await waitFor(async () => ended(front), 10_000, 50);
    await expect(fetch(`${again.url}/`)).rejects.toThrow();
  }, 240_000);
});
