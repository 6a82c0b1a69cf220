import http from 'node:http';
import { percentile, round } from './stats';

/**
 * The listing beacon's traffic (docs/product.md, Performance): `POST /api/events` at a steady rate while
 * the static pages are measured, to show that counting never slows the pages. Each beacon comes
 * from a client address of its own (X-Forwarded-For; the bench's server trusts its loopback proxy),
 * so none is refused by the address limit or dropped as a repeat: every one is hashed, buffered and
 * written, the dearest path. The rate is far above a directory's: 200 page views a second is 17
 * million a day.
 */
export const BEACONS_PER_SECOND = 200;

export interface BeaconFigures {
  perSecond: number;
  sent: number;
  /** Answers by status ("204", "429", …), and requests that got none. */
  statuses: Record<string, number>;
  failed: number;
  p99Ms: number;
}

export function startBeaconLoad(
  site: string,
  trainingIds: readonly string[],
  perSecond = BEACONS_PER_SECOND,
): { stop(): Promise<BeaconFigures> } {
  const target = new URL('/api/events', site);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let failed = 0;

  function beacon(): void {
    const n = sent++;
    const body = JSON.stringify({
      type: n % 5 === 0 ? 'register' : 'view',
      trainingId: trainingIds[n % trainingIds.length],
    });
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const request = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-forwarded-for': address,
            'user-agent': 'emdr-bench-beacon',
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            statuses[response.statusCode ?? 0] = (statuses[response.statusCode ?? 0] ?? 0) + 1;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      request.on('error', () => {
        failed += 1;
        resolve();
      });
      request.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  }

  // Every 10 ms, the beacons due by then: a steady rate whatever the timer's jitter.
  const startedAt = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt) / 1000) * perSecond);
    while (sent < due) beacon();
  }, 10);

  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      agent.destroy();
      return { perSecond, sent, statuses, failed, p99Ms: round(percentile(latencies, 99), 1) };
    },
  };
}
