import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { processTree } from '../../tests/support/processTree';
import os from 'node:os';
import type { LoadFigures } from './http';

/**
 * Serving figures from wrk (Debian's package) in its own process: autocannon inside the bench's Node
 * process saturates a core near 25–30k req/s here, below what nginx serves, so it measured itself.
 * On a 2-core machine the server is pinned to core 0 and wrk to core 1; the generator's CPU use is
 * sampled from /proc so a report can say when wrk, not the server, was the limit.
 */
export interface WrkFigures extends LoadFigures {
  generator: 'wrk';
  /** Share of one core wrk used during the run (1 = a whole core: the generator was the limit). */
  generatorCpu: number;
  generatorSaturated: boolean;
}

const TICKS = 100; // USER_HZ on Linux
const CORES = os.cpus().length;

export function findWrk(): string | null {
  const found = () => ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((c) => fs.existsSync(c)) ?? null;
  if (!found()) {
    spawnSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk'], {
      stdio: 'ignore',
    });
  }
  return found();
}

/** Pins every thread of a process (and, for nginx, its workers) to one core, when there are two or more. */
/** Pins a process, its threads and its child processes (a server's static front) to one core. */
export function pinToCore(pid: number, core = 0): void {
  if (CORES < 2) return;
  for (const each of processTree(pid))
    spawnSync('taskset', ['-a', '-p', '-c', String(core), String(each)], { stdio: 'ignore' });
}

export function unpin(pid: number): void {
  if (CORES < 2) return;
  for (const each of processTree(pid))
    spawnSync('taskset', ['-a', '-p', '-c', `0-${CORES - 1}`, String(each)], { stdio: 'ignore' });
}

function cpuTicks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

export async function wrkLoad(wrk: string, url: string, seconds = 10, connections = 50): Promise<WrkFigures> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-H', 'Accept-Encoding: gzip, br', url];
  const command = CORES >= 2 ? 'taskset' : wrk;
  const child = spawn(command, CORES >= 2 ? ['-c', String(CORES - 1), wrk, ...args] : args, {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const started = Date.now();
  const startTicks = cpuTicks(child.pid!);
  // Sample just before wrk stops: after exit /proc no longer holds its counters.
  const sample = new Promise<number>((resolve) =>
    setTimeout(
      () => resolve((cpuTicks(child.pid!) - startTicks) / TICKS / ((Date.now() - started) / 1000)),
      seconds * 1000 - 300,
    ),
  );
  await new Promise((resolve) => child.on('exit', resolve));
  const generatorCpu = Number((await sample).toFixed(2));
  return { ...parseWrk(url, out), generator: 'wrk', generatorCpu, generatorSaturated: generatorCpu >= 0.95 };
}

export function parseWrk(url: string, out: string): LoadFigures {
  const num = (re: RegExp) => Number(out.match(re)?.[1] ?? 0);
  const ms = (value: string | undefined) => {
    const m = value?.match(/([\d.]+)(us|ms|s)/);
    if (!m) return 0;
    const factor = m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1;
    return Number((Number(m[1]) * factor).toFixed(2));
  };
  const socketErrors = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    url,
    requestsPerSecond: Math.round(num(/Requests\/sec:\s+([\d.]+)/)),
    p99Ms: ms(out.match(/\s99%\s+(\S+)/)?.[1]),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/),
    requests: num(/(\d+) requests in/),
  };
}
