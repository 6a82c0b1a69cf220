import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { sendQuietly } from './sendQuietly';

/** True once the process is dead (a zombie not yet reaped by Node, or gone). */
function dead(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return true;
  }
}

/**
 * Forks a child that says goodbye and dies at once, without closing its channel first, and sends
 * to it while Node still counts it as connected. Returns what the child process emitted as errors.
 */
async function sendToAChildThatHasJustDied(script: string): Promise<unknown[]> {
  const child = fork(script, [], { execArgv: [] });
  const errors: unknown[] = [];
  child.on('error', (error) => errors.push(error));
  const exited = once(child, 'exit');
  await once(child, 'message');
  // Hold this event loop until the child is dead, so that the channel's end is not read yet.
  while (!dead(child.pid!)) {
    /* the window a publish's swap can fall into */
  }
  expect(child.connected).toBe(true);
  try {
    for (let i = 0; i < 20; i++) sendQuietly(child, { kind: 'swapped' });
  } catch (error) {
    errors.push(error);
  }
  await exited;
  // A turn for any 'error' Node would emit after the exit.
  await new Promise((resolve) => setImmediate(resolve));
  return errors;
}

test('a send to a child that has just died is dropped: no error is thrown or emitted', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-send-'));
  const script = path.join(dir, 'child.mjs');
  fs.writeFileSync(script, "process.send('bye', () => process.kill(process.pid, 'SIGKILL'));\n");
  // Whether Node meets the closed socket at once (EPIPE, thrown or emitted without a callback) or
  // only in the write's completion (silently) depends on timing; with a plain send one round in
  // about six failed here, so twenty rounds catch a regression almost always.
  for (let round = 0; round < 20; round++) expect(await sendToAChildThatHasJustDied(script)).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
  // Twenty children started one after another: beside the type check on two cores this took over
  // the default 5 s in one CI run.
}, 60_000);
