import { pathToFileURL } from 'node:url';
import type run from 'autocannon';
import { benchToolFile } from './benchTools';

/** autocannon from the benchmarks' own folder (benchTools.ts), installed there on first use. */
async function autocannon(options: Parameters<typeof run>[0]): ReturnType<typeof run> {
  const loaded = (await import(pathToFileURL(benchToolFile('autocannon')).href)) as { default: typeof run };
  return loaded.default(options);
}

/** A bounded autocannon run on 127.0.0.1: requests/s, p99 latency, errors and non-2xx. */
export interface LoadFigures {
  url: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export async function load(url: string, seconds = 10, connections = 50, paths?: string[]): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip, br' },
    ...(paths ? { requests: paths.map((path) => ({ path })) } : {}),
  });
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
