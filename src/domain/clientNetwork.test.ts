import { describe, expect, test } from 'vitest';
import { addressLimitKey } from './clientNetwork';

describe('the key a per-address limit counts a client under', () => {
  test('an IPv4 address is its own key, and its IPv4-mapped IPv6 spelling is the same one', () => {
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('203.0.113.8')).not.toBe(addressLimitKey('203.0.113.7'));
  });

  test('every IPv6 address of one /64 shares a key, however it is spelled; another /64 has its own', () => {
    const key = addressLimitKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const other of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:a:b:c:d', '2001:db8:1:2::7%eth0'])
      expect(addressLimitKey(other)).toBe(key);
    expect(addressLimitKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
  });

  test('what is not an address is kept as it is', () => {
    expect(addressLimitKey('unknown')).toBe('unknown');
    expect(addressLimitKey('')).toBe('unknown');
  });
});
