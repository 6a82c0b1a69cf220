import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeResponse } from 'astro/app/node';
import { answer, answerResponse, jsonAnswer, type Answer } from '../http/answer';
import { eventAnswer } from '../http/eventAnswer';
import { listAnswer } from '../http/listingAnswer';
import { photoAnswer } from '../http/photoAnswer';
import { writeAnswer } from './writeAnswer';

/**
 * The host answers the public list, the beacon and photos itself; Astro's routes answer the same
 * paths under `astro dev` and everything else. One answer must go out the same both ways: here each
 * is written by the node host's adapter and, as a Response, by Astro's own node writer, over real
 * sockets, and the bytes on the wire are compared (all but the Date line).
 */
let current: Answer;
const servers: http.Server[] = [];
let hostPort = 0;
let astroPort = 0;

async function serve(handler: http.RequestListener): Promise<number> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The raw bytes of one answer, with the Date line (the only one that differs by the clock) left out. */
function rawAnswer(port: number, method = 'GET'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () =>
      resolve(
        Buffer.concat(chunks)
          .toString('latin1')
          .replace(/\r\nDate: [^\r]*/i, ''),
      ),
    );
    socket.on('error', reject);
    socket.write(`${method} / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

beforeAll(async () => {
  hostPort = await serve((_req, res) => writeAnswer(res, current));
  astroPort = await serve((_req, res) => void writeResponse(answerResponse(current), res));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const beacon = (overrides: Partial<Parameters<typeof eventAnswer>[0]>) =>
  eventAnswer(
    {
      method: 'POST',
      contentType: 'application/json',
      body: '{}',
      address: '203.0.113.9',
      userAgent: 'test',
      optedOut: true,
      ...overrides,
    },
    'request-1',
  );

const listPage = listAnswer({
  body: Buffer.from('[{"id":"a","title":"Basic Training — “Part 1”"}]'),
  total: 41,
  paging: { page: 2, pageCount: 3, linkQuery: 'state=CA&limit=20' },
  counts: { format: { Virtual: 12 } },
});

const cases: [string, Answer][] = [
  ['a page of the public list', listPage],
  ['the whole public list', listAnswer({ body: Buffer.from('[]'), total: 0, paging: null, counts: null })],
  ['a list query refused', jsonAnswer(400, '{"error":"Invalid filter"}', { 'access-control-allow-origin': '*' })],
  ['a beacon with another method', beacon({ method: 'GET' })],
  ['a beacon that is not JSON', beacon({ contentType: 'text/plain' })],
  ['a beacon with a bad body', beacon({ body: '{"type":"nope"}' })],
  ['a beacon counted', beacon({})],
  [
    'a photo',
    photoAnswer(
      { key: 'a'.repeat(32), contentType: 'image/png', size: 3, isPublic: true },
      { method: 'GET', ifNoneMatch: undefined },
    ).answer,
  ],
  [
    'a photo waiting for review',
    photoAnswer(
      { key: 'b'.repeat(32), contentType: 'image/png', size: 3, isPublic: false },
      { method: 'GET', ifNoneMatch: undefined },
    ).answer,
  ],
  [
    'a photo the client has',
    photoAnswer(
      { key: 'a'.repeat(32), contentType: 'image/png', size: 3, isPublic: true },
      { method: 'GET', ifNoneMatch: `"${'a'.repeat(32)}"` },
    ).answer,
  ],
  ['a redirect without a body', answer(308, { location: '/trainings' })],
];

describe('the node host and Astro write the same answer byte for byte', () => {
  test.each(cases)('%s', async (_name, given) => {
    // The photo's bytes are written with its head (a file is streamed after it, bytes from the database with it).
    current =
      given.status === 200 && given.headers['content-type'] === 'image/png'
        ? { ...given, body: Buffer.from('png') }
        : given;
    const [host, astro] = await Promise.all([rawAnswer(hostPort), rawAnswer(astroPort)]);
    expect(host).toBe(astro);
    expect(host).toMatch(new RegExp(`^HTTP/1.1 ${given.status} `));
  });

  test('a page of the list says where it is, what matches, and that any site may read it', async () => {
    current = listPage;
    const head = await rawAnswer(hostPort);
    expect(head).toContain('\r\naccess-control-allow-origin: *\r\n');
    expect(head).toContain('\r\nx-total-count: 41\r\n');
    expect(head).toContain('\r\nx-page: 2\r\n');
    expect(head).toContain(
      '\r\nlink: </api/trainings?state=CA&limit=20&page=1>; rel="first", </api/trainings?state=CA&limit=20&page=1>; rel="prev", ' +
        '</api/trainings?state=CA&limit=20&page=3>; rel="next", </api/trainings?state=CA&limit=20&page=3>; rel="last"\r\n',
    );
    expect(head).toContain(`\r\ncontent-length: ${listPage.body!.length}\r\n`);
  });
});
