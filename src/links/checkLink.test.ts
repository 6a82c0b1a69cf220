import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { checkLink, type Resolver } from './checkLink';

/**
 * The link checker against real HTTP servers on 127.0.0.1 (loopback allowed, as tests may) and a
 * resolver stub for every name: refused ranges are only ever named, never connected to.
 */
const userAgent = 'EMDR-Training-Link-Check/1 (+http://localhost:4321/how-it-works)';
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

interface Seen {
  method: string;
  url: string;
  userAgent: string | undefined;
}

async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, userAgent: req.headers['user-agent'] });
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, seen, url: `http://127.0.0.1:${port}` };
}

/** A resolver that knows a few names, and counts how often it was asked. */
function stubResolver(names: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: Resolver = async (hostname) => {
    asked.push(hostname);
    return (names[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, asked };
}

const PRIVATE_NAMES = {
  'loopback.test': ['127.0.0.1'],
  'intranet.test': ['10.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'six.test': ['::1'],
  'mixed.test': ['93.184.215.14', '10.0.0.1'],
};

describe('a link check never reaches a private address', () => {
  test.each([
    ['http://127.0.0.1/', 'refused: 127.0.0.1 is a loopback address'],
    ['http://10.0.0.1/register', 'refused: 10.0.0.1 is a private address'],
    ['http://169.254.169.254/latest/meta-data/', 'refused: 169.254.169.254 is the cloud metadata address'],
    ['http://[::1]:8080/', 'refused: ::1 is a loopback address'],
    ['http://[::ffff:10.0.0.1]/', 'refused: ::ffff:a00:1 is a private address'],
    ['http://2130706433/', 'refused: 127.0.0.1 is a loopback address'],
  ])('a link written as the address %s is refused before any connection', async (link, reason) => {
    const { resolve, asked } = stubResolver({});
    expect(await checkLink(link, { userAgent, resolve })).toEqual({ ok: false, status: null, reason });
    expect(asked).toEqual([]);
  });

  test.each([
    ['loopback.test', 'a loopback address'],
    ['intranet.test', 'a private address'],
    ['metadata.test', 'the cloud metadata address'],
    ['six.test', 'a loopback address'],
    ['mixed.test', 'a private address'],
  ])('a name that resolves to a refused address (%s) is refused', async (name, why) => {
    const { resolve } = stubResolver(PRIVATE_NAMES);
    expect(await checkLink(`https://${name}/course`, { userAgent, resolve })).toEqual({
      ok: false,
      status: null,
      reason: `refused: ${name} is ${why}`,
    });
  });

  test('a redirect to a private address is refused, and that address is never requested', async () => {
    const site = await serve((req, res) => {
      const to = req.url === '/literal' ? 'http://10.0.0.1/admin' : 'http://metadata.test/latest/meta-data/';
      res.writeHead(302, { location: to }).end();
    });
    const { resolve, asked } = stubResolver(PRIVATE_NAMES);
    const options = { userAgent, resolve, allowLoopback: true };
    expect(await checkLink(`${site.url}/named`, options)).toEqual({
      ok: false,
      status: null,
      reason: 'refused: metadata.test is the cloud metadata address',
    });
    expect(await checkLink(`${site.url}/literal`, options)).toEqual({
      ok: false,
      status: null,
      reason: 'refused: 10.0.0.1 is a private address',
    });
    expect(asked).toEqual(['metadata.test']);
    expect(site.seen.map((s) => s.url)).toEqual(['/named', '/literal']);
  });

  test('the connection goes to the address that was checked: the name is resolved once per hop', async () => {
    const site = await serve((_req, res) => res.writeHead(200).end());
    let answers = 0;
    // A DNS answer that changes to a private address after the first (a rebinding attack).
    const resolve: Resolver = async () => [{ address: answers++ === 0 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    expect(await checkLink(`http://rebind.test:${site.port}/`, { userAgent, resolve, allowLoopback: true })).toEqual({
      ok: true,
      status: 200,
    });
    expect(answers).toBe(1);
    expect(site.seen).toHaveLength(1);
  });
});

describe('how a link is fetched', () => {
  const loopback = { userAgent, allowLoopback: true };

  test('HEAD first, with a User-Agent that names the site; a 2xx answer is a working link', async () => {
    const site = await serve((_req, res) => res.writeHead(204).end());
    expect(await checkLink(`${site.url}/courses/emdr`, loopback)).toEqual({ ok: true, status: 204 });
    expect(site.seen).toEqual([{ method: 'HEAD', url: '/courses/emdr', userAgent }]);
  });

  test('a HEAD refused with 405 or 501 is asked again with GET', async () => {
    for (const refusal of [405, 501]) {
      const site = await serve((req, res) => res.writeHead(req.method === 'HEAD' ? refusal : 200).end('ok'));
      expect(await checkLink(site.url, loopback)).toEqual({ ok: true, status: 200 });
      expect(site.seen.map((s) => s.method)).toEqual(['HEAD', 'GET']);
    }
  });

  test('a 404 is a failing link, named by its status', async () => {
    const site = await serve((_req, res) => res.writeHead(404).end());
    expect(await checkLink(site.url, loopback)).toEqual({ ok: false, status: 404, reason: 'answered 404' });
  });

  test('redirects are followed, at most 5 of them', async () => {
    const site = await serve((req, res) => {
      const n = Number(req.url!.slice(1));
      res.writeHead(n < 3 ? 301 : 200, n < 3 ? { location: `/${n + 1}` } : {}).end();
    });
    expect(await checkLink(`${site.url}/0`, loopback)).toEqual({ ok: true, status: 200 });
    const loop = await serve((req, res) => res.writeHead(302, { location: `${req.url}x` }).end());
    expect(await checkLink(`${loop.url}/`, loopback)).toEqual({
      ok: false,
      status: 302,
      reason: 'more than 5 redirects',
    });
    expect(loop.seen).toHaveLength(6);
  });

  test('a server that never answers fails the check when its time is up', async () => {
    const site = await serve(() => {});
    expect(await checkLink(site.url, { ...loopback, timeoutMs: 300 })).toEqual({
      ok: false,
      status: null,
      reason: 'timed out',
    });
  });

  test('a body is read up to 64 KB, then the check is over, though the body goes on', async () => {
    // 100 KB and then nothing: the answer never ends, so only the cap ends the read in time.
    const site = await serve((req, res) => {
      if (req.method === 'HEAD') res.writeHead(405).end();
      else res.writeHead(200).write(Buffer.alloc(100 * 1024, 'x'));
    });
    expect(await checkLink(site.url, { ...loopback, timeoutMs: 5_000 })).toEqual({ ok: true, status: 200 });
    const short = await serve((req, res) => {
      if (req.method === 'HEAD') res.writeHead(405).end();
      else res.writeHead(200).write(Buffer.alloc(10 * 1024, 'x'));
    });
    expect(await checkLink(short.url, { ...loopback, timeoutMs: 500 })).toEqual({
      ok: false,
      status: null,
      reason: 'timed out',
    });
  });

  test('a host with no address and a link that is not a web address fail with their reason', async () => {
    const { resolve } = stubResolver({});
    expect(await checkLink('https://nowhere.test/', { userAgent, resolve })).toEqual({
      ok: false,
      status: null,
      reason: 'nowhere.test has no address',
    });
    expect(await checkLink('ftp://files.test/x', { userAgent, resolve })).toEqual({
      ok: false,
      status: null,
      reason: 'not a web address (ftp:)',
    });
  });
});
