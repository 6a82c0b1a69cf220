import { describe, expect, test } from 'vitest';
import { truncateClientAddress } from './clientAddress';

describe('truncateClientAddress', () => {
  test('IPv4 keeps its /24', () => {
    expect(truncateClientAddress('203.0.113.77')).toBe('203.0.113.0/24');
    expect(truncateClientAddress('127.0.0.1')).toBe('127.0.0.0/24');
  });

  test('an IPv4-mapped IPv6 address counts as IPv4', () => {
    expect(truncateClientAddress('::ffff:198.51.100.23')).toBe('198.51.100.0/24');
    expect(truncateClientAddress('::FFFF:10.1.2.3')).toBe('10.1.2.0/24');
  });

  test('IPv6 keeps its /48, however it is written', () => {
    expect(truncateClientAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48');
    expect(truncateClientAddress('2001:0DB8:0001:0000:0000:0000:0000:0001')).toBe('2001:db8:1::/48');
    expect(truncateClientAddress('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(truncateClientAddress('::1')).toBe('0:0:0::/48');
    expect(truncateClientAddress('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(truncateClientAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0::/48');
  });

  test('what is not an address is kept as it is', () => {
    expect(truncateClientAddress('unknown')).toBe('unknown');
    expect(truncateClientAddress('')).toBe('unknown');
    expect(truncateClientAddress('300.1.2.3')).toBe('300.1.2.3');
    expect(truncateClientAddress('1::2::3')).toBe('1::2::3');
  });
});
