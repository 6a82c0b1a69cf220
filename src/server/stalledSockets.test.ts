import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { cutStalledSockets } from './stalledSockets';

const IDLE_MS = 600;
const BIG = Buffer.alloc(32 * 1024 * 1024, 'x');
let server: http.Server;

afterEach(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A server whose `/big` is more than the kernel buffers hold; resolves with its port and the time each connection closed. */
async function start(): Promise<{ port: number; closedAfter: Promise<number> }> {
  server = http.createServer((req, res) => res.end(req.url === '/big' ? BIG : 'ok'));
  cutStalledSockets(server, IDLE_MS, 100);
  const closedAfter = new Promise<number>((resolve) =>
    server.once('connection', (socket: net.Socket) => {
      const opened = Date.now();
      socket.once('close', () => resolve(Date.now() - opened));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, closedAfter };
}

test('a client that stops reading a large answer is cut once nothing has moved for the idle time', async () => {
  const { port, closedAfter } = await start();
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  socket.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
  socket.pause();
  const after = await closedAfter;
  socket.destroy();
  expect(after).toBeGreaterThanOrEqual(IDLE_MS);
  expect(after).toBeLessThan(IDLE_MS * 5);
});

test('a client that reads a large answer slowly is not cut while the kernel keeps taking bytes', async () => {
  const { port, closedAfter } = await start();
  let cut = false;
  void closedAfter.then(() => (cut = true));
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.on('error', () => {});
  socket.write('GET /big HTTP/1.1\r\nHost: x\r\n\r\n');
  // A slow line: a little at a time, so the answer takes many idle times to arrive.
  const readFor = IDLE_MS * 4;
  let got = 0;
  socket.on('data', (chunk: Buffer) => {
    got += chunk.length;
    socket.pause();
    setTimeout(() => socket.resume(), 10);
  });
  await new Promise((resolve) => setTimeout(resolve, readFor));
  expect(cut).toBe(false);
  expect(got).toBeGreaterThan(0);
  expect(got).toBeLessThan(BIG.length);
  socket.destroy();
});

test('a connection that keeps asking is never cut, however long it lives', async () => {
  const { port, closedAfter } = await start();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let cut = false;
  void closedAfter.then(() => (cut = true));
  const until = Date.now() + IDLE_MS * 4;
  while (Date.now() < until) {
    const body = await new Promise<string>((resolve, reject) =>
      http
        .get({ port, host: '127.0.0.1', path: '/', agent }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        })
        .on('error', reject),
    );
    expect(body).toBe('ok');
    // The pause between requests is what is tested: shorter than the idle time, many times over.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 4));
  }
  expect(cut).toBe(false);
  agent.destroy();
});
