/**
 * `npm start` with build checks of the tests' own, for the tests of failing and interrupted builds
 * (run as a server entry through startServer's `entry`; the product itself has no such switches):
 *   --reject-while FILE   every build is rejected while FILE exists;
 *   --slow-check MS       every build's check takes MS longer, so a test can stop a build midway;
 *   --fault-path PATH     a request for PATH throws inside the handler: a bug of ours, injected.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { startApp } from '../../scripts/startApp';

export const TEST_START = 'tests/support/testStart.ts';

if (process.argv[1]?.endsWith(TEST_START)) {
  const { values } = parseArgs({
    options: { 'reject-while': { type: 'string' }, 'slow-check': { type: 'string' }, 'fault-path': { type: 'string' } },
  });
  const rejectWhile = values['reject-while'];
  const slowMs = Number(values['slow-check'] ?? 0);
  const faultPath = values['fault-path'];
  await startApp({
    beforeEachRequest: (pathname) => {
      if (faultPath && pathname === faultPath) throw new Error('fault injected by the test');
    },
    extraCheck: () => {
      // A check that takes its time the way a real one would: the process is busy, not idle.
      if (slowMs > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, slowMs);
      return rejectWhile && fs.existsSync(rejectWhile) ? ['rejected by the test (its reject file exists)'] : [];
    },
  });
}
