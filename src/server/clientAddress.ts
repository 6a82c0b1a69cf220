import net from 'node:net';
import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * The client's address behind trusted proxies (TRUST_PROXY). Unset or empty: no proxy is trusted
 * and the socket's peer is the client, so a forged X-Forwarded-For changes nothing. A number: that
 * many hops in front of the server are trusted. Otherwise a comma-separated list of addresses,
 * CIDR ranges, or proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export type Trust = (address: string, hop: number) => boolean;

export function parseTrustProxy(value: string | undefined): Trust {
  const text = (value ?? '').trim();
  if (text === '' || text === '0') return () => false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (!Number.isSafeInteger(hops) || hops > 100)
      throw new Error(`TRUST_PROXY: ${text} hops is not a sensible proxy count`);
    return (_address, hop) => hop < hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    return proxyaddr.compile(entries);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be a hop count or comma-separated addresses/CIDRs (got "${text}"): ${(error as Error).message}`,
    );
  }
}

/** The address the request came from; the socket peer when the forwarded chain names no valid one. */
export function clientAddress(req: IncomingMessage, trust: Trust): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  try {
    const address = proxyaddr(req, trust);
    return net.isIP(address) ? address : peer;
  } catch {
    return peer;
  }
}
