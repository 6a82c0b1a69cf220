import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';

/** A process's resident memory, from /proc. */
export function rssBytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}

/** A client that sends its request and then never reads a byte of the answer. */
export function stalledClient(baseUrl: string, path: string): Promise<net.Socket> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.pause();
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAccept-Encoding: br, gzip\r\n\r\n`);
      resolve(socket);
    });
    socket.on('error', () => {});
  });
}

/**
 * A client that reads the whole answer, on a connection of its own, without decoding it. Not
 * fetch(): with 200 answers (a gigabyte at 5,000 trainings) arriving at once in this one process,
 * undici had not read some of them when the server closed the idle connection five seconds after
 * handing the answer over (its keep-alive time), and failed them with "terminated" although every
 * byte had been sent; a bare node:http server with a one-second keep-alive time does the same to it.
 */
function readWhole(baseUrl: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { agent: false, headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        res.on('end', () => (res.complete ? resolve() : reject(new Error(`${path}: the answer ended early`))));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface SlowClientFigures {
  clients: number;
  baselineMiB: number;
  peakMiB: number;
  grewMiB: number;
  healthzMaxMs: number;
}

/**
 * `clients` connections, half asking for the whole list and half for the whole feed, that never
 * read, after the same load from clients that read; the server's resident memory before and at its peak over the next two seconds, and the
 * slowest `/healthz` meanwhile. The sockets are closed afterwards.
 */
export async function slowClientGrowth(baseUrl: string, pid: number, clients = 200): Promise<SlowClientFigures> {
  // The same load once from clients that read everything: what is made once per build (the
  // answers, the compressed copies) and the heap's size under this many connections are in the
  // baseline; the growth is what clients that stop reading make the process hold.
  await Promise.all(
    Array.from({ length: clients }, (_, i) => readWhole(baseUrl, i % 2 ? '/feeds/all.ics' : '/api/trainings')),
  );
  // The baseline is read once the process has had a moment to free what those answers held: there
  // is no event for "the allocator has settled", and the bound below leaves room for what remains.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = rssBytes(pid);
  const sockets: net.Socket[] = [];
  let peak = baseline;
  let healthzMaxMs = 0;
  try {
    for (let i = 0; i < clients; i++)
      sockets.push(await stalledClient(baseUrl, i % 2 ? '/feeds/all.ics' : '/api/trainings'));
    for (let i = 0; i < 20; i++) {
      peak = Math.max(peak, rssBytes(pid));
      const started = performance.now();
      const answer = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (answer.status !== 200) throw new Error(`/healthz answered ${answer.status} under slow clients`);
      healthzMaxMs = Math.max(healthzMaxMs, performance.now() - started);
      // The sampling interval of the measurement: memory and /healthz read over two seconds.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    for (const socket of sockets) socket.destroy();
  }
  const mib = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  return {
    clients,
    baselineMiB: mib(baseline),
    peakMiB: mib(peak),
    grewMiB: mib(peak - baseline),
    healthzMaxMs: Math.round(healthzMaxMs),
  };
}
