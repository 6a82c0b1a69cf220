import { describe, expect, test } from 'vitest';
import { isIpLiteral, refusedAddress } from './privateAddress';

describe('the addresses a link check never connects to', () => {
  test.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['172.16.5.4', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['169.254.169.254', 'the cloud metadata address'],
    ['fd00:ec2::254', 'the cloud metadata address'],
    ['169.254.10.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a private address'],
    ['fdab:1234::9', 'a private address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['224.0.0.251', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
  ])('%s is refused as %s', (address, why) => {
    expect(refusedAddress(address)).toBe(why);
  });

  test.each([
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:a9fe:a9fe', 'the cloud metadata address'],
    ['::10.0.0.1', 'a private address'],
    ['64:ff9b::a9fe:a9fe', 'the cloud metadata address'],
    ['2002:c0a8:0101::1', 'a private address'],
  ])('an IPv6 form carrying an IPv4 address, %s, is judged by it: %s', (address, why) => {
    expect(refusedAddress(address)).toBe(why);
  });

  test.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8'])(
    'a public address, %s, is allowed',
    (address) => {
      expect(refusedAddress(address)).toBeNull();
    },
  );

  test('loopback is allowed only when a test asks for it, and nothing else is', () => {
    expect(refusedAddress('127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('::1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('::ffff:127.0.0.1', { allowLoopback: true })).toBeNull();
    expect(refusedAddress('10.0.0.1', { allowLoopback: true })).toBe('a private address');
    expect(refusedAddress('169.254.169.254', { allowLoopback: true })).toBe('the cloud metadata address');
  });

  test('text that is not an IP address is refused, never guessed at', () => {
    for (const text of ['example.com', '1::2::3', '300.1.1.1', '1.2.3', '', 'gggg::1'])
      expect(refusedAddress(text)).toBe('not an IP address');
  });

  test('a URL host written as an address is told from a name', () => {
    expect(isIpLiteral('10.0.0.1')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('example.com')).toBe(false);
  });
});
