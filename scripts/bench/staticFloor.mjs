// The node:http floor for static serving: a bare server answering each given page from memory
// with its brotli copy and the very header list our server sends for it (security headers, cache
// rule, ETag…), nothing looked up: Node's HTTP stack alone, writing the same response. Run as its
// own process (pinned like ours) by the bench: `node staticFloor.mjs PORT CONFIG.json`, where the
// config lists `{ path, file, headers: [name, value, …] }`.
import http from 'node:http';
import fs from 'node:fs';
import zlib from 'node:zlib';

const [port, config] = process.argv.slice(2);
const answers = new Map(
  JSON.parse(fs.readFileSync(config, 'utf8')).map(({ path, file, headers }) => {
    const body = zlib.brotliCompressSync(fs.readFileSync(file));
    return [path, { body, headers: [...headers, 'content-length', String(body.length)] }];
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
