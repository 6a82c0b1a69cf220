/**
 * The link worker's thread (src/publish/siteFolder/links.ts): makes, updates and deletes hard-linked copies of
 * a build with plain synchronous file calls. A build of 5,000 trainings is ten thousand entries; comparing or
 * linking them with promises on the main thread meant ten thousand callbacks and as many short-lived
 * objects between two requests, which stalled the request path for over 100 ms after every publish.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

try {
  // On Linux a thread has its own nice value. The spare build is made in the background after every
  // publish, while the first visitors ask for the new pages: at 5,000 trainings its ten thousand
  // entries took over a second of CPU on a two-core machine, and at the same priority the request
  // path waited for it (event-loop delays over 100 ms in a cold crawl). On an idle machine it runs
  // as fast as before.
  os.setPriority(0, 19);
} catch {
  // Not allowed here: it still runs off the main thread.
}

export interface LinkJob {
  id: number;
  /** sync: make `to` a linked copy of `from`; copy: link `from` into a new `to`; remove: delete `to`. */
  op: 'sync' | 'copy' | 'remove';
  from: string;
  to: string;
}
export interface LinkReport {
  id: number;
  error?: string;
}

/**
 * Makes `to` an exact linked copy of `from`, touching only what differs: an entry already linked to
 * the same file is left alone, another is replaced by a link, and entries `from` lacks are removed.
 */
export function syncLinksNow(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  const left = new Map(fs.readdirSync(to, { withFileTypes: true }).map((entry) => [entry.name, entry]));
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    const there = left.get(entry.name);
    left.delete(entry.name);
    if (entry.isDirectory()) {
      if (there && !there.isDirectory()) fs.rmSync(target, { force: true });
      syncLinksNow(source, target);
      continue;
    }
    if (there) {
      if (!there.isDirectory() && sameFile(source, target)) continue;
      fs.rmSync(target, { recursive: true, force: true });
    }
    fs.linkSync(source, target);
  }
  for (const name of left.keys()) fs.rmSync(path.join(to, name), { recursive: true, force: true });
}

function sameFile(a: string, b: string): boolean {
  const x = fs.lstatSync(a);
  const y = fs.lstatSync(b);
  return x.ino === y.ino && x.dev === y.dev;
}

/** Recreates the folders of `from` under `to` and hard-links every file. */
export function linkTreeNow(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTreeNow(source, target);
    else fs.linkSync(source, target);
  }
}

parentPort?.on('message', (job: LinkJob) => {
  const report: LinkReport = { id: job.id };
  try {
    if (job.op === 'sync') syncLinksNow(job.from, job.to);
    else if (job.op === 'copy') linkTreeNow(job.from, job.to);
    else fs.rmSync(job.to, { recursive: true, force: true });
  } catch (error) {
    report.error = (error as Error).message;
  }
  parentPort!.postMessage(report);
});
