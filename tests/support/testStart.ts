/**
 * `npm start` with build checks of the tests' own, for the tests of failing and interrupted builds
 * (run as a server entry through startServer's `entry`; the product itself has no such switches):
 *   --reject-while FILE   every build is rejected while FILE exists;
 *   --slow-check MS       every build's check takes MS longer, so a test can stop a build midway;
 *   --fault-path PATH     a request for PATH throws inside the handler: a bug of ours, injected;
 *   --link-pass-when FILE whenever FILE appears, the server runs the daily link pass (as its clock
 *                         would at 05:00) and removes FILE once the pass is done;
 *   --event-loop-report   on SIGUSR2, prints the event-loop delay since the last report (the bench);
 *                         the static front, forked with the same arguments, prints its own and the
 *                         bytes it holds for hand-offs (`heldBytes`).
 */
import '../../scripts/productionMode';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { frontConfig } from '../../src/server/front/role';

export const TEST_START = 'tests/support/testStart.ts';
export const EVENT_LOOP_REPORT = 'event-loop-delay ';

/** On SIGUSR2, prints this process's event-loop delay since the last report (app and front alike). */
function reportEventLoopOnSignal(role: 'app' | 'front', more: () => object = () => ({})): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
    const report = { role, maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)), meanMs: ms(delay.mean), ...more() };
    console.log(`${EVENT_LOOP_REPORT}${JSON.stringify(report)}`);
    delay.reset();
  });
}

/**
 * The daily link pass of this server's own code, the one its trust scheduler runs, started when a
 * test asks by creating `file` (polled: a test cannot reach the scheduler's clock in another process).
 */
async function runLinkPassWhen(file: string): Promise<void> {
  const { runLinkPass } = await import('../../src/services/trust/linkHealth');
  const poll = setInterval(() => {
    if (!fs.existsSync(file)) return;
    clearInterval(poll);
    void runLinkPass()
      .then((pass) => console.log(`test link pass: ${pass.busy ? 'busy' : `${pass.checked.length} checked`}`))
      .finally(() => {
        fs.rmSync(file, { force: true });
        void runLinkPassWhen(file);
      });
  }, 50);
  poll.unref();
}

// Run as a server entry, not imported by a test for the names above. The app is imported once
// production mode is set, and the static front loads alone, as in scripts/start.ts.
const front = import.meta.main ? frontConfig() : null;
if (front) {
  const { runStaticFront } = await import('../../src/server/front/frontServer');
  const served = runStaticFront(front);
  if (process.argv.includes('--event-loop-report'))
    reportEventLoopOnSignal('front', () => ({ heldBytes: served.heldBytes() }));
} else if (import.meta.main) {
  const { startApp } = await import('../../src/app/startApp');
  const { values } = parseArgs({
    options: {
      'reject-while': { type: 'string' },
      'slow-check': { type: 'string' },
      'fault-path': { type: 'string' },
      'link-pass-when': { type: 'string' },
      'event-loop-report': { type: 'boolean' },
    },
  });
  const rejectWhile = values['reject-while'];
  const slowMs = Number(values['slow-check'] ?? 0);
  const faultPath = values['fault-path'];
  if (values['event-loop-report']) reportEventLoopOnSignal('app');
  const linkPassWhen = values['link-pass-when'];
  if (linkPassWhen) await runLinkPassWhen(linkPassWhen);
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
