/**
 * The precompressor's worker thread (src/publish/siteFolder/precompressor.ts): walks a published build and
 * writes the missing brotli and gzip copies of its compressible files into the copies folder, then
 * deletes copies no file of the build uses any more. It runs at the lowest CPU priority, so the
 * request path on the main thread keeps the cores it needs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';
import { CODINGS, contentHash, copyPath, fileIdentity, type Coding } from '../../server/compressedCopies.ts';
import { contentTypeOf, isCompressible } from '../../server/contentTypes.ts';
import { PAUSED, WAITING } from './compressControl.ts';

export interface CompressJob {
  clientDir: string;
  copiesDir: string;
}
/** The hashes of the build's compressible files by identity (compressedCopies.ts), sent as they change. */
export interface HashesMessage {
  kind: 'hashes';
  added: [string, string][];
  forgotten: string[];
}
/** A pass's end. */
export interface CompressReport {
  kind: 'report';
  files: number;
  made: number;
  removed: number;
  ms: number;
  error?: string;
}

/**
 * Brotli's best quality, 11, takes about a second of CPU per MB of the site's text. Quality 5 is
 * about 45 times quicker and about 11 % larger on its pages (300 training pages: 964 KB at 11,
 * 1,090 KB at 5). The code's scripts and styles are few, made once per release and cached for a
 * year: they get 11 (up to a size; see below). Pages and feeds are data: 168 MB of them at 5,000
 * trainings after a full publish, which at 11 kept this worker busy for minutes, and clients got
 * them uncompressed meanwhile. At 5 such a pass takes seconds.
 */
const BEST_QUALITY = 11;
const DATA_QUALITY = 5;
const BEST_QUALITY_TYPES = /^text\/(css|javascript)\b/;
/** A 6.8 MB feed at quality 11 held the worker for seconds; above this size 5 is used. */
const BEST_QUALITY_UP_TO = 256 * 1024;
/** A copy a build that another process still serves may use: kept for a while after its last build. */
const KEEP_UNUSED_MS = 10 * 60_000;

try {
  // On Linux a thread has its own nice value: this one yields the cores to the request path.
  os.setPriority(0, 19);
} catch {
  // Not allowed here: it still runs off the main thread.
}

/** Shared with the server: whether a publish runs (compressControl.ts). */
const control = (workerData as { control?: SharedArrayBuffer } | undefined)?.control;
const flags = control ? new Int32Array(control) : null;

function waitWhilePublishing(): void {
  if (!flags || Atomics.load(flags, PAUSED) === 0) return;
  Atomics.add(flags, WAITING, 1);
  // Woken by the server's notify; the timeout is only a bound on a missed one.
  while (Atomics.load(flags, PAUSED) === 1) Atomics.wait(flags, PAUSED, 1, 1000);
}

// A file's hash by what identifies its bytes on disk (fileIdentity): unchanged files are hard links of the same inode.
const hashes = new Map<string, string>();

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function compress(body: Buffer, coding: Coding, type: string): Buffer {
  if (coding === 'gzip') return zlib.gzipSync(body, { level: 9 });
  const quality = BEST_QUALITY_TYPES.test(type) && body.length <= BEST_QUALITY_UP_TO ? BEST_QUALITY : DATA_QUALITY;
  return zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

function writeAtomically(file: string, bytes: Buffer) {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, bytes);
  fs.renameSync(temp, file);
}

function run({ clientDir, copiesDir }: CompressJob): CompressReport {
  const started = Date.now();
  fs.mkdirSync(copiesDir, { recursive: true });
  const used = new Set<string>();
  const seen = new Set<string>();
  const added: [string, string][] = [];
  const compressible: { file: string; type: string; hash: string }[] = [];
  for (const file of walk(clientDir)) {
    waitWhilePublishing();
    const stat = fs.statSync(file);
    const type = contentTypeOf(file);
    if (!isCompressible(type, stat.size)) continue;
    const identity = fileIdentity(stat);
    seen.add(identity);
    let hash = hashes.get(identity);
    if (!hash) {
      hash = contentHash(fs.readFileSync(file));
      hashes.set(identity, hash);
      added.push([identity, hash]);
    }
    used.add(hash);
    compressible.push({ file, type, hash });
  }
  const forgotten = [...hashes.keys()].filter((identity) => !seen.has(identity));
  for (const identity of forgotten) hashes.delete(identity);
  // The server learns the hashes before the copies are made: a copy it finds then is read alone.
  const learned: HashesMessage = { kind: 'hashes', added, forgotten };
  parentPort?.postMessage(learned);
  let made = 0;
  for (const { file, type, hash } of compressible) {
    waitWhilePublishing();
    let body: Buffer | undefined;
    // gzip first: it is quick, and every client takes it while brotli is being made.
    for (const coding of CODINGS) {
      const target = copyPath(copiesDir, hash, coding);
      if (fs.existsSync(target)) continue;
      body ??= fs.readFileSync(file);
      writeAtomically(target, compress(body, coding, type));
      made++;
    }
  }
  let removed = 0;
  const now = Date.now();
  for (const name of fs.readdirSync(copiesDir)) {
    const hash = name.replace(/\.(br|gz)$/, '');
    if (used.has(hash)) continue;
    const file = path.join(copiesDir, name);
    try {
      // A copy's time is when it was made or last used by a pass (touched below): old and unused goes.
      if (now - fs.statSync(file).mtimeMs > KEEP_UNUSED_MS) {
        fs.rmSync(file, { force: true });
        removed++;
      }
    } catch {
      // Removed by another process sharing DATA_DIR.
    }
  }
  // Copies still in use are touched so another process's sweep keeps them.
  for (const hash of used) {
    for (const coding of CODINGS) {
      try {
        fs.utimesSync(copyPath(copiesDir, hash, coding), now / 1000, now / 1000);
      } catch {
        // Not made (the file shrank below the limit meanwhile) or removed by another process.
      }
    }
  }
  return { kind: 'report', files: compressible.length, made, removed, ms: Date.now() - started };
}

parentPort?.on('message', (job: CompressJob) => {
  let report: CompressReport;
  try {
    report = run(job);
  } catch (error) {
    report = { kind: 'report', files: 0, made: 0, removed: 0, ms: 0, error: (error as Error).message };
  }
  parentPort!.postMessage(report);
});
