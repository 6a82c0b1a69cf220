import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { wrkLoad, type WrkFigures } from './wrk';
import { roundRatios, type RoundRatios } from './stats';
import { interleavedRounds, type Measure } from './interleave';

/** nginx from Debian's packages serving a folder; installed on demand, or null if it can't be had. */
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

/** nginx's configuration for the anchor, in one line for the report. */
export const NGINX_ANCHOR =
  'nginx 1 worker (pinned to the server core), sendfile, open_file_cache, gzip_static + brotli_static on precompressed copies, gzip off';

const PRECOMPRESS = /\.(html|css|js|mjs|json|xml|svg|txt|ics)$/;

/**
 * A copy of the published folder with .gz and .br files beside each text file, as nginx's docs advise
 * for static sites (gzip_static/brotli_static): compressing per request would make nginx a weak anchor.
 */
function precompressedCopy(root: string, workDir: string): string {
  const copy = path.join(workDir, 'root');
  fs.cpSync(root, copy, { recursive: true, dereference: true });
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (PRECOMPRESS.test(entry.name)) {
        const body = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
      }
    }
  };
  walk(copy);
  return copy;
}

const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

export async function startNginx(
  nginx: string,
  root: string,
  workDir: string,
): Promise<{ url: string; pids: number[]; brotli: boolean; stop(): void }> {
  const port = await freePort();
  fs.mkdirSync(workDir, { recursive: true });
  if (!fs.existsSync(BROTLI_MODULE)) {
    spawnSync('bash', ['-c', 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-http-brotli-static'], {
      stdio: 'ignore',
    });
  }
  const brotli = fs.existsSync(BROTLI_MODULE);
  const served = precompressedCopy(root, workDir);
  const conf = path.join(workDir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}${process.getuid?.() === 0 ? 'user root root; ' : ''}worker_processes 1; daemon off; pid ${workDir}/nginx.pid; error_log ${workDir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; sendfile on; tcp_nopush on; tcp_nodelay on; keepalive_requests 100000;
  open_file_cache max=10000 inactive=60s; open_file_cache_valid 60s; open_file_cache_errors on;
  include /etc/nginx/mime.types;
  gzip off; gzip_static on; ${brotli ? 'brotli_static on;' : ''}
  client_body_temp_path ${workDir}/body; proxy_temp_path ${workDir}/proxy; fastcgi_temp_path ${workDir}/fcgi; uwsgi_temp_path ${workDir}/uwsgi; scgi_temp_path ${workDir}/scgi;
  server { listen 127.0.0.1:${port}; root ${served}; location / { try_files $uri $uri/index.html =404; } }
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
  // The master and its worker: both pinned with the server's core by the caller.
  const children = spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
    .stdout.split(/\s+/)
    .filter(Boolean);
  return { url, pids: [child.pid!, ...children.map(Number)], brotli, stop: () => child.kill('SIGTERM') };
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

/** One path served by ours, by the anchor and by the node:http floor, in alternating rounds; the figures are the medians. */
export interface ServingComparison {
  path: string;
  ours: WrkFigures;
  anchor: WrkFigures;
  floor?: WrkFigures;
  /** Requests per second, each round. */
  oursRounds: number[];
  anchorRounds: number[];
  floorRounds?: number[];
  /** Median of ours over median of the anchor. */
  ratio: number;
  /** Median of ours over median of the node:http floor. */
  floorRatio?: number;
  /** Ours over the anchor and over the floor, round by round. */
  anchorRatio: RoundRatios;
  floorRoundRatio?: RoundRatios;
}

/** Headers a server adds itself per answer: the floor's Node adds the same. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * A bare node:http process answering the given pages from memory (scripts/bench/staticFloor.mjs)
 * with the header list `ours` sends for each: the same response, so the ratio tells our code's
 * cost from Node's.
 */
export async function startStaticFloor(
  client: string,
  paths: string[],
  ours: string,
): Promise<{ url: string; pid: number; stop(): void }> {
  const port = await freePort();
  const pages = [];
  for (const p of paths) {
    const answer = await fetch(`${ours}${p}`, { headers: { 'accept-encoding': 'br' } });
    await answer.arrayBuffer();
    const headers = [...answer.headers].filter(([name]) => !PER_ANSWER.has(name)).flat();
    pages.push({ path: p, file: path.join(client, p.replace(/^\//, ''), 'index.html'), headers });
  }
  const config = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-floor-')), 'pages.json');
  fs.writeFileSync(config, JSON.stringify(pages));
  const child = spawn(process.execPath, [path.resolve('scripts/bench/staticFloor.mjs'), String(port), config], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/**
 * wrk against each path on both servers (pinned by the caller), after a warm-up, in rounds whose
 * one-second slices alternate between the servers (interleave.ts): these shared machines swing by
 * half within a minute, and a neighbour's burst then falls on both servers alike.
 */
export async function compareServing(
  wrk: string,
  urls: { ours: string; anchor: string; floor?: string },
  paths: string[],
  rounds: number,
  seconds: number,
): Promise<ServingComparison[]> {
  const comparisons: ServingComparison[] = [];
  for (const p of paths) {
    const targets = {
      ours: `${urls.ours}${p}`,
      anchor: `${urls.anchor}${p}`,
      floor: urls.floor && `${urls.floor}${p}`,
    };
    const names = (['ours', 'anchor', 'floor'] as const).filter((name) => targets[name]);
    // Warm-up, the same for every server: in 2 s our first round still ran about a quarter slower
    // than the next ones (V8 still optimising the path), which read as a cost of our code.
    for (const name of names) await wrkLoad(wrk, targets[name]!, 5);
    const sides = Object.fromEntries(
      names.map((name) => [name, (s: number) => wrkLoad(wrk, targets[name]!, s)] as const),
    ) as Record<(typeof names)[number], Measure<WrkFigures>>;
    const measured: Partial<Record<'ours' | 'anchor' | 'floor', WrkFigures[]>> = await interleavedRounds(
      sides,
      rounds,
      seconds,
    );
    const runs = { ours: measured.ours ?? [], anchor: measured.anchor ?? [], floor: measured.floor ?? [] };
    const [a, b] = [medianRun(runs.ours), medianRun(runs.anchor)];
    const floor = runs.floor.length ? medianRun(runs.floor) : undefined;
    const rate = (x: WrkFigures) => x.requestsPerSecond;
    comparisons.push({
      path: p,
      ours: a,
      anchor: b,
      oursRounds: runs.ours.map(rate),
      anchorRounds: runs.anchor.map(rate),
      ratio: Number((a.requestsPerSecond / b.requestsPerSecond).toFixed(2)),
      anchorRatio: roundRatios(runs.ours.map(rate), runs.anchor.map(rate)),
      ...(floor && {
        floor,
        floorRounds: runs.floor.map(rate),
        floorRatio: Number((a.requestsPerSecond / floor.requestsPerSecond).toFixed(2)),
        floorRoundRatio: roundRatios(runs.ours.map(rate), runs.floor.map(rate)),
      }),
    });
  }
  return comparisons;
}

function medianRun(runs: WrkFigures[]): WrkFigures {
  const sorted = [...runs].sort((x, y) => x.requestsPerSecond - y.requestsPerSecond);
  const middle = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return {
    ...middle,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    generatorSaturated: runs.some((r) => r.generatorSaturated),
  };
}

/**
 * The API floor: a bare node:http server answering the same JSON, serialised once and kept, as our
 * server keeps its answer between publishes (serialising per request would flatter the ratio).
 */
export async function startApiFloor(rows: unknown[]): Promise<{ url: string; stop(): void }> {
  // Serialised once, as bytes, as the server under test keeps its answers: a string would be
  // encoded again for every request, a weaker floor than the server it measures.
  const body = Buffer.from(JSON.stringify(rows));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
    });
    res.end(body);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
  );
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
