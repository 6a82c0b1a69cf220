import { describe, expect, test } from 'vitest';
import { parseWrk } from './wrk';

const output = `Running 1s test @ http://127.0.0.1:18999/nothing
  1 threads and 5 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     5.50ms    3.85ms  24.04ms   82.61%
    Req/Sec     0.95k   298.08     1.35k    50.00%
  Latency Distribution
     50%    4.13ms
     75%    7.81ms
     90%   10.97ms
     99%  1.20s
  949 requests in 1.01s, 481.91KB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 949
Requests/sec:    937.92
Transfer/sec:    476.29KB
`;

describe('reading wrk output', () => {
  test('requests per second, p99 in milliseconds, socket errors and non-2xx answers are read as printed', () => {
    expect(parseWrk('http://x/', output)).toEqual({
      url: 'http://x/',
      requestsPerSecond: 938,
      p99Ms: 1200,
      errors: 5,
      non2xx: 949,
      requests: 949,
    });
  });

  test('a clean run has no errors and a p99 in microseconds becomes a fraction of a millisecond', () => {
    const clean = output
      .replace(/ {2}Socket errors.*\n/, '')
      .replace(/ {2}Non-2xx.*\n/, '')
      .replace('1.20s', '850.00us');
    const figures = parseWrk('http://x/', clean);
    expect(figures.errors).toBe(0);
    expect(figures.non2xx).toBe(0);
    expect(figures.p99Ms).toBe(0.85);
  });
});
