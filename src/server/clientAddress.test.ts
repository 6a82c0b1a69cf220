import type { IncomingMessage } from 'node:http';
import { describe, expect, test } from 'vitest';
import { clientAddress, parseTrustProxy } from './clientAddress';

const request = (peer: string, forwarded?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
  }) as unknown as IncomingMessage;

describe('TRUST_PROXY', () => {
  test('unset, empty or 0 trusts no proxy: a forged X-Forwarded-For changes nothing', () => {
    for (const value of [undefined, '', ' ', '0']) {
      expect(clientAddress(request('10.0.0.5', '203.0.113.9'), parseTrustProxy(value))).toBe('10.0.0.5');
    }
  });

  test('a hop count trusts that many proxies, counted from the server', () => {
    const chain = '198.51.100.1, 203.0.113.7, 10.0.0.2';
    expect(clientAddress(request('10.0.0.1', chain), parseTrustProxy('1'))).toBe('10.0.0.2');
    expect(clientAddress(request('10.0.0.1', chain), parseTrustProxy('2'))).toBe('203.0.113.7');
    // More hops than the chain has: the leftmost address is the client.
    expect(clientAddress(request('10.0.0.1', chain), parseTrustProxy('9'))).toBe('198.51.100.1');
  });

  test('addresses, CIDR ranges and names trust only those proxies', () => {
    const trust = parseTrustProxy('loopback, 10.0.0.0/8 ,192.168.1.1');
    expect(clientAddress(request('127.0.0.1', '203.0.113.7, 10.1.2.3'), trust)).toBe('203.0.113.7');
    expect(clientAddress(request('192.168.1.1', '203.0.113.8'), trust)).toBe('203.0.113.8');
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(clientAddress(request('198.51.100.4', '203.0.113.9'), trust)).toBe('198.51.100.4');
    expect(clientAddress(request('::1', '2001:db8::1'), trust)).toBe('2001:db8::1');
  });

  test('garbage in X-Forwarded-For never becomes an address', () => {
    const trust = parseTrustProxy('loopback');
    for (const forwarded of ['', 'not-an-ip', '1.2.3.4.5', '<script>', ', , ,', 'x'.repeat(5000), '999.1.1.1']) {
      expect(clientAddress(request('127.0.0.1', forwarded), trust)).toBe('127.0.0.1');
    }
    const chain = Array.from({ length: 1000 }, (_, i) => `10.${i % 250}.0.1`).join(',');
    expect(clientAddress(request('127.0.0.1', chain), trust)).toBe('10.249.0.1');
  });

  test('a value that is neither a hop count nor addresses stops the server with a clear message', () => {
    for (const value of ['yes', '10.0.0.0/99', 'true', '-1', '1000', 'example.com'])
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
  });
});
