import autocannon from 'autocannon';

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
