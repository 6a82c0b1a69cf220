import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIpLiteral, refusedAddress } from '../domain/trust/privateAddress';

/**
 * One check of a link someone typed (docs/product.md, Trust; docs/decisions/0023-link-checks.md):
 * HEAD, and GET when HEAD is refused (405, 501); at most 5 redirects; 10 s for the whole check; at
 * most 64 KB of a body read; our User-Agent. Never at a private address: every host (the link's and
 * each redirect's) is resolved first, every address it has is judged (domain/trust/privateAddress.ts), and
 * the connection goes to the address that was judged: the request's `lookup` answers with it, so no
 * second DNS answer can slip in between the check and the connection.
 */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS for the checker: tests pass a stub, so no test ever sends traffic to a refused range. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

export interface CheckOptions {
  userAgent: string;
  resolve?: Resolver;
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
  maxBytes?: number;
}

export const CHECK_LIMITS = { timeoutMs: 10_000, maxRedirects: 5, maxBytes: 64 * 1024 } as const;

export type CheckResult = { ok: true; status: number } | { ok: false; status: number | null; reason: string };

/** The guard's refusal: a private address, a host with none (its message says which). */
export class Refused extends Error {}

const failed = (reason: string, status: number | null = null): CheckResult => ({ ok: false, status, reason });

/** `work`, or the deadline's error when the check's time runs out first (a slow DNS answer too). */
export function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The address to connect to: every address the host has must be allowed (one bad answer refuses it). */
export async function pickAddress(host: string, options: CheckOptions, signal: AbortSignal): Promise<ResolvedAddress> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal: ResolvedAddress = { address: bare, family: bare.includes(':') ? 6 : 4 };
  const addresses = isIpLiteral(host)
    ? [literal]
    : await beforeDeadline((options.resolve ?? systemResolver)(bare), signal);
  if (addresses.length === 0) throw new Refused(`${bare} has no address`);
  for (const { address } of addresses) {
    const why = refusedAddress(address, { allowLoopback: options.allowLoopback });
    if (why) throw new Refused(`refused: ${bare} is ${why}`);
  }
  return addresses[0]!;
}

/** A lookup that always answers the judged address (Node asks with `all` when it tries families). */
export function pinned({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

interface Answer {
  status: number;
  location: string | null;
}

function request(url: URL, method: 'HEAD' | 'GET', to: ResolvedAddress, options: CheckOptions, signal: AbortSignal) {
  return new Promise<Answer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method,
        headers: { 'user-agent': options.userAgent, accept: '*/*' },
        lookup: pinned(to),
        // A connection of its own: a kept-alive socket could be to another address.
        agent: false,
        signal,
      },
      (res) => {
        const answer = { status: res.statusCode ?? 0, location: res.headers.location ?? null };
        const max = options.maxBytes ?? CHECK_LIMITS.maxBytes;
        let read = 0;
        let done = false;
        const finish = () => {
          if (done) return;
          done = true;
          if (signal.aborted) reject(signal.reason as Error);
          else resolve(answer);
        };
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough is read: the status is all a check needs.
          if (read >= max) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function describeError(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timed out';
  const code = (error as { code?: string }).code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return `TLS error (${code})`;
  return error instanceof Error ? error.message.slice(0, 200) : 'request failed';
}

/** Checks `link`; never throws. */
export async function checkLink(link: string, options: CheckOptions): Promise<CheckResult> {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return failed('not a valid web address');
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? CHECK_LIMITS.timeoutMs);
  const maxRedirects = options.maxRedirects ?? CHECK_LIMITS.maxRedirects;
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed(`not a web address (${url.protocol})`);
      if (url.username || url.password) return failed('a web address with a user name is not checked');
      const to = await pickAddress(url.hostname, options, signal);
      let answer = await request(url, 'HEAD', to, options, signal);
      if (answer.status === 405 || answer.status === 501) answer = await request(url, 'GET', to, options, signal);
      if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status };
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        if (hop >= maxRedirects) return failed(`more than ${maxRedirects} redirects`, answer.status);
        url = new URL(answer.location, url);
        continue;
      }
      return failed(`answered ${answer.status}`, answer.status);
    }
  } catch (error) {
    if (error instanceof Refused) return failed(error.message);
    return failed(describeError(error, signal));
  }
}
