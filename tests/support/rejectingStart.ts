/**
 * `npm start` with one more build check, for the tests of a rejected build: while the file named
 * as the first argument exists, every build is rejected before it goes live. Run as a server entry
 * (startServer's `entry`); the product itself has no such switch.
 */
import fs from 'node:fs';
import { startApp } from '../../scripts/startApp';

export const REJECTING_START = 'tests/support/rejectingStart.ts';

const rejectWhile = process.argv[2];
if (rejectWhile && process.argv[1]?.endsWith(REJECTING_START)) {
  await startApp({
    extraCheck: () => (fs.existsSync(rejectWhile) ? ['rejected by the test (its reject file exists)'] : []),
  });
}
