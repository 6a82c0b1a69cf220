import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { load, type LoadFigures } from './http';

/** nginx from Debian's packages serving a folder (issue 8's anchor); installed on demand, or null if it can't be had. */
export function findNginx(): string | null {
  const candidates = ['/usr/sbin/nginx', '/usr/bin/nginx'];
  const found = () => candidates.find((c) => fs.existsSync(c)) ?? null;
  if (found()) return found();
  spawnSync(
    'bash',
    [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx',
    ],
    {
      stdio: 'ignore',
      env: { ...process.env, RUNLEVEL: '1' },
    },
  );
  return found();
}

export async function startNginx(nginx: string, root: string, workDir: string): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  fs.mkdirSync(workDir, { recursive: true });
  const conf = path.join(workDir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root root; ' : ''}worker_processes 1; daemon off; pid ${workDir}/nginx.pid; error_log ${workDir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; keepalive_requests 100000;
  include /etc/nginx/mime.types;
  gzip on; gzip_types text/css application/javascript application/json; gzip_min_length 512;
  client_body_temp_path ${workDir}/body; proxy_temp_path ${workDir}/proxy; fastcgi_temp_path ${workDir}/fcgi; uwsgi_temp_path ${workDir}/uwsgi; scgi_temp_path ${workDir}/scgi;
  server { listen 127.0.0.1:${port}; root ${root}; location / { try_files $uri $uri/index.html =404; } }
}
`,
  );
  const child: ChildProcess = spawn(nginx, ['-c', conf, '-p', workDir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      if ((await fetch(`${url}/`)).status) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = http.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function servingFigures(url: string, paths: string[], seconds: number): Promise<LoadFigures[]> {
  const figures: LoadFigures[] = [];
  for (const p of paths) {
    await load(`${url}${p}`, 2); // warm-up (JIT, compressed variants), not counted
    figures.push(await load(`${url}${p}`, seconds));
  }
  return figures;
}

/** The API floor (issue 8): a bare node:http server answering the same JSON from an array. */
export async function startApiFloor(rows: unknown[]): Promise<{ url: string; stop(): void }> {
  const server = http.createServer((_req, res) => {
    const body = JSON.stringify(rows);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
