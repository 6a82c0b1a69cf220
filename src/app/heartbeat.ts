import os from 'node:os';
import { randomBytes } from 'node:crypto';
import * as fleet from '../data/fleet';

const HEARTBEAT_MS = 5_000;

/** This process's id in the fleet: unique across machines and restarts. */
export function newInstanceId(): string {
  return `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
}

/**
 * Reports this process in `fleet_instances` every few seconds, so the dashboard lists it and drops
 * it once it stops (a killed process simply stops reporting). Returns a stop function that removes
 * the row at once on a clean shutdown.
 */
export function startHeartbeat(
  instance: { instanceId: string; siteId: string; address: string | null },
  log: (message: string) => void,
): () => Promise<void> {
  const row = { ...instance, hostname: os.hostname(), pid: process.pid };
  let failing = false;
  const beat = () =>
    fleet
      .heartbeat(row)
      .then(() => fleet.removeLongDead())
      .then(() => (failing = false))
      .catch((error: unknown) => {
        if (!failing) log(`[fleet] heartbeat failed: ${(error as Error).message}`);
        failing = true;
      });
  void beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await fleet.remove(instance.instanceId).catch(() => undefined);
  };
}
