/**
 * Long work on the server's one thread, done in turns so requests (and `/healthz`) are answered in
 * between: a publish's planning at 5,000 trainings held every request for over 100 ms in one piece.
 */

/** Lets every waiting request and timer run before going on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs the steps of a generator, giving the event loop a turn whenever one slice of `sliceMs` is
 * used up: a step is small (one listing, one training), a turn costs a few microseconds, and most
 * steps need none.
 */
export async function runInTurns(steps: Iterable<unknown>, sliceMs = 8): Promise<void> {
  let sliceStart = performance.now();
  for (const _ of steps) {
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/** Runs the steps of a generator at once (where nothing waits on this thread: a build, a test). */
export function runAtOnce(steps: Iterable<unknown>): void {
  for (const _ of steps);
}
