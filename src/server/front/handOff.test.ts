import http, { type IncomingMessage } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { describe, expect, test } from 'vitest';
import { ConnectionHandOff, HAND_OFF_BUDGET, chunkedBody, requestHead } from './handOff';

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

describe('what hand-offs hold', () => {
  test('stays within the budget while the app takes nothing: the connection beyond it is closed', async () => {
    // The app never takes what it is sent (stalled): every send stays held.
    const sentSockets: Socket[] = [];
    const handOff = new ConnectionHandOff((socket) => sentSockets.push(socket));
    const front = http.createServer((req) => handOff.add(req));
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const port = (front.address() as AddressInfo).port;
    const mib = Buffer.alloc(1024 * 1024, 'x');
    /** A chunked POST of `size` MiB; resolves 'sent' once handed off, 'closed' if the front closed it. */
    const chunkedPost = (size = 7) =>
      new Promise<'sent' | 'closed'>((resolve) => {
        const before = sentSockets.length;
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write('POST /api HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
          for (let i = 0; i < size; i++) socket.write(`100000\r\n${mib.toString()}\r\n`);
          socket.write('0\r\n\r\n');
        });
        socket.on('error', () => {});
        socket.on('close', () => resolve('closed'));
        const poll = setInterval(() => {
          if (sentSockets.length > before) {
            clearInterval(poll);
            resolve('sent');
          }
        }, 10);
        socket.on('close', () => clearInterval(poll));
      });
    // One body beyond CHUNKED_BODY_LIMIT (8 MiB) is closed on its own.
    expect(await chunkedPost(9)).toBe('closed');
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await chunkedPost());
    // Four sends of 7 MiB the app has not taken are 28 MiB: the fifth body would go beyond 32.
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'sent', 'closed']);
    expect(handOff.heldBytes).toBeLessThanOrEqual(HAND_OFF_BUDGET);
    for (const socket of sentSockets) socket.destroy();
    front.close();
  }, 30_000);
});
