import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { gracefulClose } from './gracefulClose';

const servers: net.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    if (server instanceof http.Server) server.closeAllConnections();
    server.close();
  }
});

function listen(server: net.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function get(agent: http.Agent, port: number): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
      })
      .on('error', reject);
  });
}

/** Turns of the event loop, enough for a close that does not wait to have resolved. */
const settled = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

test('a keep-alive client that keeps asking does not hold the stop: its answer in flight ends the connection', async () => {
  let inFlight: () => void = () => {};
  const firstInFlight = new Promise<void>((resolve) => (inFlight = resolve));
  const server = http.createServer((_req, res) => {
    inFlight();
    setImmediate(() => res.end('ok'));
  });
  const close = gracefulClose(server);
  const port = await listen(server);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  // The client asks again as soon as each answer is in, on the same connection, until refused.
  const answers: { status: number; connection: string | undefined }[] = [];
  const asking = (async () => {
    for (;;) answers.push(await get(agent, port));
  })().catch((error: NodeJS.ErrnoException) => error.code);

  await firstInFlight;
  await close();
  expect(await asking).toBe('ECONNREFUSED');
  agent.destroy();
  expect(answers.length).toBeGreaterThan(0);
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  expect(answers.at(-1)!.connection).toBe('close');
});

test('a connection adopted from another server is waited for: the stop ends after its answer', async () => {
  let answer: () => void = () => {};
  let asked: () => void = () => {};
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  const app = http.createServer((_req, res) => {
    answer = () => res.end('late');
    asked();
  });
  const close = gracefulClose(app);
  // The app does not listen itself: another server passes it its connections, as the front's do.
  const port = await listen(net.createServer((socket) => app.emit('connection', socket)));

  const response = get(new http.Agent({ keepAlive: true }), port);
  await wasAsked;
  let closed = false;
  const closing = close().then(() => (closed = true));
  await settled();
  expect(closed).toBe(false);
  answer();
  expect(await response).toEqual({ status: 200, connection: 'close' });
  await closing;
  expect(closed).toBe(true);
});

test('a server with no connections stops at once, and a second stop is the same one', async () => {
  const server = http.createServer((_req, res) => res.end());
  const close = gracefulClose(server);
  await listen(server);
  const first = close();
  expect(close()).toBe(first);
  await first;
  expect(server.listening).toBe(false);
});
