// The node:http floor for static serving: a bare server answering each given page from memory
// with its brotli copy and one fixed list of headers, nothing looked up. Run as its own process
// (pinned like ours) by the bench: `node staticFloor.mjs PORT URLPATH=FILE ...`.
import http from 'node:http';
import fs from 'node:fs';
import zlib from 'node:zlib';

const [port, ...pages] = process.argv.slice(2);
const answers = new Map(
  pages.map((page) => {
    const [urlPath, file] = page.split('=');
    const body = zlib.brotliCompressSync(fs.readFileSync(file));
    const headers = [
      'content-type',
      'text/html; charset=utf-8',
      'content-encoding',
      'br',
      'content-length',
      String(body.length),
    ];
    return [urlPath, { body, headers }];
  }),
);
http
  .createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
