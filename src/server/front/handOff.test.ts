import http, { type IncomingMessage } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { ConnectionHandOff } from './handOff';
import { HAND_OFF_BUDGET } from './handOffBudget';
import { chunkedBody, requestHead } from './handOffBytes';

// The hand-off itself needs two processes (a socket passed over IPC is a new socket to the app):
// tests/integration/static-front.test.ts covers it against the real server.

describe('requestHead', () => {
  test('the request line and the headers as sent: names, repeats and latin1 bytes kept', () => {
    const req = {
      method: 'POST',
      url: '/api/x?b=%C3%A9',
      httpVersion: '1.1',
      rawHeaders: ['Host', 'x', 'X-Odd-Case', 'caf\xe9', 'Cookie', 'a=1', 'Cookie', 'b=2'],
    } as unknown as IncomingMessage;
    expect(requestHead(req).toString('latin1')).toBe(
      'POST /api/x?b=%C3%A9 HTTP/1.1\r\nHost: x\r\nX-Odd-Case: caf\xe9\r\nCookie: a=1\r\nCookie: b=2\r\n\r\n',
    );
    expect(requestHead(req).includes(Buffer.from([0xe9]))).toBe(true);
  });
});

describe('chunkedBody', () => {
  test('one chunk, the last chunk and the trailers', () => {
    expect(chunkedBody([Buffer.from('ab'), Buffer.from('c')], ['X-T', '1']).toString()).toBe(
      '3\r\nabc\r\n0\r\nX-T: 1\r\n\r\n',
    );
    expect(chunkedBody([], []).toString()).toBe('0\r\n\r\n');
  });
});

/**
 * A front whose app never takes what it is sent (stalled): every send stays held. Each test client
 * names its address in `X-Client` (the front itself counts by clientAddress.ts).
 */
async function stalledFront(deadlineMs?: number) {
  const sentSockets: Socket[] = [];
  const handOff = new ConnectionHandOff((socket) => sentSockets.push(socket), {
    clientOf: (req) => String(req.headers['x-client']),
    deadlineMs,
  });
  const server = http.createServer((req) => handOff.add(req));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const open: Socket[] = [];
  const mib = `100000\r\n${'x'.repeat(1024 * 1024)}\r\n`;
  /**
   * A chunked POST of `size` MiB from `client`, ended or left open; resolves 'sent' once handed
   * off, 'closed' if the front closed it, 'held' once written and still held after a moment.
   */
  const chunkedPost = (client: string, size: number, end = true) =>
    new Promise<'sent' | 'closed' | 'held'>((resolve) => {
      const before = sentSockets.length;
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`POST /api HTTP/1.1\r\nHost: x\r\nX-Client: ${client}\r\nTransfer-Encoding: chunked\r\n\r\n`);
        for (let i = 0; i < size; i++) socket.write(mib);
        if (end) socket.write('0\r\n\r\n');
        else socket.write('', () => setTimeout(() => resolve('held'), 300));
      });
      open.push(socket);
      socket.on('error', () => {});
      socket.on('close', () => resolve('closed'));
      const poll = setInterval(() => {
        if (sentSockets.length > before) resolve('sent');
      }, 10);
      socket.on('close', () => clearInterval(poll));
    });
  const closed = (socket: Socket) => socket.destroyed || socket.readableEnded;
  return {
    handOff,
    open,
    chunkedPost,
    closed,
    stop() {
      for (const socket of [...sentSockets, ...open]) socket.destroy();
      server.close();
    },
  };
}

let front: Awaited<ReturnType<typeof stalledFront>> | undefined;
afterEach(() => front?.stop());

describe('what hand-offs hold', () => {
  test('stays within the budget while the app takes nothing: a send beyond it is closed', async () => {
    front = await stalledFront();
    // One body beyond CHUNKED_BODY_LIMIT (8 MiB) is closed on its own.
    expect(await front.chunkedPost('a', 9)).toBe('closed');
    const outcomes = [];
    for (const client of ['a', 'b', 'c', 'd', 'e']) outcomes.push(await front.chunkedPost(client, 7));
    // Four sends of 7 MiB the app has not taken are 28 MiB: the fifth body would go beyond 32.
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'closed']);
    expect(front.handOff.heldBytes).toBeLessThanOrEqual(HAND_OFF_BUDGET);
  }, 30_000);

  test('four bodies left open fill the budget, and a newcomer still gets through: the largest goes', async () => {
    front = await stalledFront();
    for (const client of ['a', 'b', 'c', 'd']) expect(await front.chunkedPost(client, 7, false)).toBe('held');
    expect(front.handOff.heldBytes).toBeGreaterThanOrEqual(28 * 1024 * 1024);
    expect(await front.chunkedPost('e', 6)).toBe('sent');
    expect(front.open.slice(0, 4).filter(front.closed).length).toBeGreaterThanOrEqual(1);
    expect(front.handOff.heldBytes).toBeLessThanOrEqual(HAND_OFF_BUDGET);
  }, 30_000);

  test('one address holding four open bodies keeps one body at most, and another address gets through', async () => {
    front = await stalledFront();
    for (let i = 0; i < 4; i++) await front.chunkedPost('a', 7, false);
    // Each newcomer of 7 MiB went beyond the address's 8 MiB: the one it held before was closed.
    await expect.poll(() => front!.open.filter((socket) => !front!.closed(socket)).length).toBe(1);
    expect(front.open.at(-1)!.destroyed).toBe(false);
    expect(front.handOff.heldBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(await front.chunkedPost('b', 7)).toBe('sent');
  }, 30_000);

  test('a body still arriving at its deadline is closed and holds nothing more', async () => {
    front = await stalledFront(500);
    expect(await front.chunkedPost('a', 1, false)).toBe('held');
    expect(front.handOff.heldBytes).toBeGreaterThanOrEqual(1024 * 1024);
    await new Promise<void>((resolve) => front!.open[0]!.once('close', () => resolve()));
    expect(front.handOff.heldBytes).toBe(0);
  }, 30_000);
});
