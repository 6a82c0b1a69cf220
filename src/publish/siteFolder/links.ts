import { Worker } from 'node:worker_threads';
import type { LinkJob, LinkReport } from './linkWorker';
import { workerFile } from './workerFile';

/**
 * Hard-linked copies of a build, made and deleted on a worker thread (src/publish/siteFolder/linkWorker.ts) so the
 * thousands of file calls of a large build never run between two requests on the main thread.
 * One worker for the process, started at the first job; it holds the process open only while a job
 * is waiting on it.
 */
let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

function ensureWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(workerFile('linkWorker'), { execArgv: [] });
  started.unref();
  started.on('message', (report: LinkReport) => {
    const job = waiting.get(report.id);
    waiting.delete(report.id);
    if (waiting.size === 0) started.unref();
    if (report.error) job?.reject(new Error(report.error));
    else job?.resolve();
  });
  started.on('error', (error: Error) => fail(started, error));
  started.on('exit', () => fail(started, new Error('the link worker exited')));
  worker = started;
  return started;
}

/** The worker died: what it was doing fails, and the next job starts a new one. */
function fail(dead: Worker, error: Error): void {
  if (worker !== dead) return;
  worker = null;
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

function run(op: LinkJob['op'], from: string, to: string): Promise<void> {
  const job: LinkJob = { id: ++nextId, op, from, to };
  return new Promise((resolve, reject) => {
    waiting.set(job.id, { resolve, reject });
    const running = ensureWorker();
    running.ref();
    running.postMessage(job);
  });
}

/** Makes `to` an exact linked copy of `from`, touching only the entries that differ. */
export const syncLinks = (from: string, to: string): Promise<void> => run('sync', from, to);

/** Recreates the folders of `from` under `to` and hard-links every file. */
export const linkTree = (from: string, to: string): Promise<void> => run('copy', from, to);

/** Deletes a folder and everything in it (an old build: thousands of unlinks). */
export const removeTree = (dir: string): Promise<void> => run('remove', '', dir);
