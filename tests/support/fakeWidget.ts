import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the third-party stats widget (docs/product.md `{host}/api/widget-data`): a real HTTP
 * server on 127.0.0.1 whose reply a test sets through `POST /control` (`{status, body}`).
 */
export async function startFakeWidget() {
  let reply: { status: number; body: unknown } = {
    status: 200,
    body: { stats: { last30UniqueCustomers: 1234, totalLifetimeUsers: 0, totalEnrollments: 500000 } },
  };
  let requests = 0;
  const server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'POST' && req.url === '/control') {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        reply = JSON.parse(text) as typeof reply;
        res.end('ok');
      });
      return;
    }
    if (req.url === '/stats/requests') return void res.end(String(requests));
    if (req.url !== '/api/widget-data') {
      res.statusCode = 404;
      return void res.end();
    }
    requests += 1;
    res.statusCode = reply.status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
