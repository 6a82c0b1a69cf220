/**
 * The client address kept in the security log (docs/product.md, "Security log"): enough to tell
 * networks apart, not enough to name a person. IPv4 keeps its /24, IPv6 its /48; an IPv4-mapped
 * IPv6 address (::ffff:203.0.113.7, how a dual-stack server sees IPv4 clients) counts as IPv4.
 * Anything that is not an address ('unknown' when the server cannot tell) is kept as it is.
 */
export function truncateClientAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  const candidate = mapped ? mapped[1]! : trimmed.replace(/%.*$/, '');
  const ipv4 = ipv4Octets(candidate);
  if (ipv4) return `${ipv4[0]}.${ipv4[1]}.${ipv4[2]}.0/24`;
  const groups = ipv6Groups(candidate);
  if (groups)
    return `${groups
      .slice(0, 3)
      .map((group) => group.toString(16))
      .join(':')}::/48`;
  return trimmed === '' ? 'unknown' : trimmed.slice(0, 64);
}

/** The four octets of a dotted IPv4 address, or null. */
export function ipv4Octets(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  const octets = match?.slice(1).map(Number);
  return octets && octets.every((n) => n <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed), or null. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const octets = ipv4Octets(dotted[1]!);
    if (!octets) return null;
    const [a, b, c, d] = octets as [number, number, number, number];
    text = `${text.slice(0, dotted.index + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  if (![...left, ...right].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...left, ...new Array<string>(missing).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}
