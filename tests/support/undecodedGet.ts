import http from 'node:http';

/**
 * A brotli-accepting GET that reads the whole answer without decoding it and says how it was coded.
 * node:http, not fetch(): with hundreds of large answers arriving at once in one process, undici had
 * not read some of them when the server closed the idle connection five seconds after handing the
 * answer over (its keep-alive time), and failed them with "terminated" although every byte had been
 * sent; a bare node:http server with a one-second keep-alive time does the same to it. An answer
 * that ends before its length is a rejection, never a short read taken for a whole one.
 *
 * Without an agent each request has a connection of its own.
 */
export function undecodedGet(url: string, agent: http.Agent | false = false): Promise<{ coding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () =>
          res.complete
            ? resolve({ coding: String(res.headers['content-encoding'] ?? 'identity') })
            : reject(new Error(`${url}: the answer ended early`)),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
