import net from 'node:net';
import { undecodedGet } from './undecodedGet';
import { treeRssMiB } from './processTree';

/** The resident memory of a process and its children (a static front, STATIC_FRONT=1), in bytes. */
const rssBytes = (pid: number) => treeRssMiB(pid) * 1024 * 1024;

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

export interface SlowClientFigures {
  clients: number;
  baselineMiB: number;
  peakMiB: number;
  grewMiB: number;
  healthzMaxMs: number;
}

/** The i-th client's target: by default half ask for the whole list and half for the whole feed. */
export type ClientTargets = (i: number) => string;
const LIST_AND_FEED: ClientTargets = (i) => (i % 2 ? '/feeds/all.ics' : '/api/trainings');

/**
 * `clients` connections that never read (each asking for `stalled(i)`), after the load of `warm`
 * from clients that read; the server's resident memory before and at its peak over the next two
 * seconds, and the slowest `/healthz` meanwhile. The sockets are closed afterwards.
 */
export async function slowClientGrowth(
  baseUrl: string,
  pid: number,
  clients = 200,
  { warm = LIST_AND_FEED, stalled = warm }: { warm?: ClientTargets; stalled?: ClientTargets } = {},
): Promise<SlowClientFigures> {
  // The load once from clients that read everything: what is made once per build (the answers,
  // the compressed copies) and the heap's size under this many connections are in the baseline;
  // the growth is what clients that stop reading make the process hold.
  await Promise.all(Array.from({ length: clients }, (_, i) => undecodedGet(`${baseUrl}${warm(i)}`)));
  // The baseline is read once the process has had a moment to free what those answers held: there
  // is no event for "the allocator has settled", and the bound below leaves room for what remains.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const baseline = rssBytes(pid);
  const sockets: net.Socket[] = [];
  let peak = baseline;
  let healthzMaxMs = 0;
  try {
    for (let i = 0; i < clients; i++) sockets.push(await stalledClient(baseUrl, stalled(i)));
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
