import { ipv4Octets, ipv6Groups } from './team/clientAddress';

/**
 * The key every per-address limit counts a client under (sign-in back-off, alerts, reports, the
 * listing beacon; docs/security.md, Requests, origins and addresses): an IPv4 address as it is, an
 * IPv6 address by its /64. One IPv6 subscriber is handed a whole /64 (RFC 6177) and may pick any
 * address in it, so a limit per full IPv6 address would be no limit. An IPv4-mapped IPv6 address
 * (::ffff:203.0.113.7, how a dual-stack server sees IPv4 clients) counts as its IPv4 address;
 * anything that is not an address ('unknown') is kept as it is.
 */
export function addressLimitKey(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  const candidate = mapped ? mapped[1]! : trimmed.replace(/%.*$/, '');
  const ipv4 = ipv4Octets(candidate);
  if (ipv4) return ipv4.join('.');
  const groups = ipv6Groups(candidate);
  if (groups)
    return `${groups
      .slice(0, 4)
      .map((group) => group.toString(16))
      .join(':')}::/64`;
  return trimmed === '' ? 'unknown' : trimmed.slice(0, 64);
}
