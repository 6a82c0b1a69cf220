import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { chunkedBody, requestHead } from './handOff';

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
