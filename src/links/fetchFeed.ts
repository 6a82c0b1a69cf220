import http from 'node:http';
import https from 'node:https';
import { Refused, pickAddress, pinned, type CheckOptions } from './checkLink';

/**
 * A calendar feed read for an import (docs/product.md, Import): a GET through the link checker's guard
 * (docs/decisions/0019, 0023): every host, the feed's and each redirect's, resolved and judged first,
 * never a private address, the connection pinned to the judged address; at most 5 redirects, 2 MB
 * and 10 s for the whole read.
 */
export const FEED_LIMITS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 5 } as const;

export type FeedRead = { ok: true; text: string } | { ok: false; reason: string };

export const FEED_MESSAGES = {
  tooLarge: 'The calendar is larger than 2 MB',
  timedOut: 'The calendar did not answer within 10 seconds',
} as const;

class TooLarge extends Error {}

function get(url: URL, options: CheckOptions, to: Awaited<ReturnType<typeof pickAddress>>, signal: AbortSignal) {
  return new Promise<{ status: number; location: string | null; body: string }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers: { 'user-agent': options.userAgent, accept: 'text/calendar, */*' },
        lookup: pinned(to),
        agent: false,
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location ?? null;
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > FEED_LIMITS.maxBytes) {
          res.destroy();
          return reject(new TooLarge());
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > (options.maxBytes ?? FEED_LIMITS.maxBytes)) {
            res.destroy();
            reject(new TooLarge());
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, location, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Reads the feed at `link`; never throws. */
export async function fetchFeed(link: string, options: CheckOptions): Promise<FeedRead> {
  let url: URL;
  try {
    url = new URL(link.replace(/^webcals?:/i, (p) => (p.toLowerCase() === 'webcals:' ? 'https:' : 'http:')));
  } catch {
    return { ok: false, reason: 'not a valid web address' };
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? FEED_LIMITS.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, reason: 'not a web address' };
      if (url.username || url.password) return { ok: false, reason: 'a web address with a user name is not read' };
      const to = await pickAddress(url.hostname, options, signal);
      const answer = await get(url, options, to, signal);
      if (answer.status >= 200 && answer.status < 300) return { ok: true, text: answer.body };
      if (answer.status >= 300 && answer.status < 400 && answer.location && hop < FEED_LIMITS.maxRedirects) {
        url = new URL(answer.location, url);
        continue;
      }
      return { ok: false, reason: `the calendar answered ${answer.status}` };
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    if (error instanceof TooLarge) return { ok: false, reason: FEED_MESSAGES.tooLarge };
    if (signal.aborted) return { ok: false, reason: FEED_MESSAGES.timedOut };
    return {
      ok: false,
      reason: error instanceof Error ? error.message.slice(0, 200) : 'the calendar could not be read',
    };
  }
}
