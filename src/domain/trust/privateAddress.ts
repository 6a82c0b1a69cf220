/**
 * Which IP addresses the link checker never connects to (docs/architecture.md, convention 19;
 * docs/product.md, Trust): a Register link or a website someone typed must not make the server reach
 * into its own machine, its network or the cloud's metadata service. Pure: the checker (src/links)
 * asks this about every address DNS gives, for the link and for every redirect.
 *
 * IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d, the old compatible ::a.b.c.d,
 * NAT64 64:ff9b::/96 and 6to4 2002::/16) are judged by the IPv4 address inside them.
 */

type Range = { bits: bigint; prefix: number; width: 32 | 128; why: string };

function v4Bits(address: string): bigint | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(part);
  }
  return value;
}

/** The 128 bits of an IPv6 address (with `::` and a trailing dotted quad), or null when it is not one. */
function v6Bits(address: string): bigint | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!text.includes(':') || text.indexOf('::') !== text.lastIndexOf('::')) return null;
  let groups = text.split(':');
  const last = groups.at(-1)!;
  if (last.includes('.')) {
    const quad = v4Bits(last);
    if (quad === null) return null;
    groups = [...groups.slice(0, -1), ((quad >> 16n) & 0xffffn).toString(16), (quad & 0xffffn).toString(16)];
  }
  const gap = groups.indexOf('');
  if (text.includes('::')) {
    const head = text.startsWith('::') ? [] : groups.slice(0, gap);
    const tailStart = groups.lastIndexOf('') + 1;
    const tail = text.endsWith('::') ? [] : groups.slice(tailStart);
    if (head.length + tail.length > 7) return null;
    groups = [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail];
  }
  if (groups.length !== 8) return null;
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

const range = (cidr: string, why: string): Range => {
  const [base, prefix] = cidr.split('/') as [string, string];
  const v4 = v4Bits(base);
  return v4 !== null
    ? { bits: v4, prefix: Number(prefix), width: 32, why }
    : { bits: v6Bits(base)!, prefix: Number(prefix), width: 128, why };
};

/** Loopback: what a test may allow (LINK_CHECK_ALLOW_LOOPBACK, src/settings.ts), never production. */
const LOOPBACK = [range('127.0.0.0/8', 'a loopback address'), range('::1/128', 'a loopback address')];

const REFUSED: Range[] = [
  range('169.254.169.254/32', 'the cloud metadata address'),
  range('fd00:ec2::254/128', 'the cloud metadata address'),
  range('0.0.0.0/8', 'an unspecified address'),
  range('10.0.0.0/8', 'a private address'),
  range('100.64.0.0/10', 'a shared (CGNAT) address'),
  range('169.254.0.0/16', 'a link-local address'),
  range('172.16.0.0/12', 'a private address'),
  range('192.0.0.0/24', 'a reserved address'),
  range('192.168.0.0/16', 'a private address'),
  range('198.18.0.0/15', 'a reserved address'),
  range('224.0.0.0/4', 'a multicast address'),
  range('240.0.0.0/4', 'a reserved address'),
  range('::/128', 'an unspecified address'),
  range('fc00::/7', 'a private address'),
  range('fe80::/10', 'a link-local address'),
  range('fec0::/10', 'a site-local address'),
  range('ff00::/8', 'a multicast address'),
  range('100::/64', 'a reserved address'),
  range('2001::/32', 'a tunnel (Teredo) address'),
  range('2001:db8::/32', 'a documentation address'),
  range('64:ff9b:1::/48', 'a private NAT64 address'),
];

const within = (bits: bigint, width: 32 | 128, r: Range) =>
  r.width === width && bits >> BigInt(width - r.prefix) === r.bits >> BigInt(width - r.prefix);

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), or null. */
function embeddedV4(bits: bigint): bigint | null {
  const low32 = bits & 0xffffffffn;
  if (bits >> 32n === 0xffffn) return low32; // ::ffff:a.b.c.d
  if (bits >> 32n === 0n && bits > 1n) return low32; // ::a.b.c.d (not :: or ::1, judged as IPv6)
  if (bits >> 32n === 0x0064ff9b_00000000_00000000n) return low32; // 64:ff9b::/96
  if (bits >> 112n === 0x2002n) return (bits >> 80n) & 0xffffffffn; // 2002:aabb:ccdd::/48
  return null;
}

export interface AddressPolicy {
  /** Tests only (LINK_CHECK_ALLOW_LOOPBACK=1): 127.0.0.0/8 and ::1 are allowed. */
  allowLoopback?: boolean;
}

/**
 * Why the checker must not connect to `address` ('a private address', 'the cloud metadata
 * address'…), or null when it may. Anything that is not an IP address at all is refused too.
 */
export function refusedAddress(address: string, policy: AddressPolicy = {}): string | null {
  const v4 = v4Bits(address);
  const v6 = v4 === null ? v6Bits(address) : null;
  if (v4 === null && v6 === null) return 'not an IP address';
  const [bits, width] = v4 !== null ? [v4, 32 as const] : [v6!, 128 as const];
  const inner = width === 128 ? embeddedV4(bits) : null;
  const judged: [bigint, 32 | 128] = inner !== null ? [inner, 32] : [bits, width];
  if (LOOPBACK.some((r) => within(...judged, r))) return policy.allowLoopback ? null : 'a loopback address';
  return REFUSED.find((r) => within(...judged, r))?.why ?? null;
}

/** Whether `host` (a URL's hostname, brackets and all) is an IP address written out, not a name. */
export function isIpLiteral(host: string): boolean {
  return v4Bits(host) !== null || v6Bits(host) !== null;
}
