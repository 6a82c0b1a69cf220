/**
 * The precompressor's worker thread (src/publish/siteFolder/precompressor.ts): walks a published build and
 * writes the missing brotli and gzip copies of its compressible files into the copies folder, then
 * deletes copies no file of the build uses any more. It runs at the lowest CPU priority, so the
 * request path on the main thread keeps the cores it needs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';
import { CODINGS, contentHash, copyPath, type Coding } from '../../server/compressedCopies.ts';
import { contentTypeOf, isCompressible } from '../../server/contentTypes.ts';

export interface CompressJob {
  clientDir: string;
  copiesDir: string;
}
export interface CompressReport {
  files: number;
  made: number;
  removed: number;
  ms: number;
  error?: string;
}

/**
 * Quality 11 takes about a second per MB: the big files (the all-trainings feed, rewritten at every
 * edit) get 5. On a 6.8 MB feed quality 9 held 44 MiB more for 220 ms, quality 5 14 MiB for 60 ms,
 * and both came to within a few per cent of the same size: calendar text repeats itself.
 */
const BEST_QUALITY_UP_TO = 256 * 1024;
const BIG_FILE_QUALITY = 5;
/** A copy a build that another process still serves may use: kept for a while after its last build. */
const KEEP_UNUSED_MS = 10 * 60_000;

try {
  // On Linux a thread has its own nice value: this one yields the cores to the request path.
  os.setPriority(0, 19);
} catch {
  // Not allowed here: it still runs off the main thread.
}

// A file's hash by what identifies its bytes on disk: unchanged files are hard links of the same inode.
const hashes = new Map<string, string>();

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function compress(body: Buffer, coding: Coding): Buffer {
  if (coding === 'gzip') return zlib.gzipSync(body, { level: 9 });
  const quality = body.length <= BEST_QUALITY_UP_TO ? 11 : BIG_FILE_QUALITY;
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
  let files = 0;
  let made = 0;
  for (const file of walk(clientDir)) {
    const stat = fs.statSync(file);
    if (!isCompressible(contentTypeOf(file), stat.size)) continue;
    files++;
    const identity = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    seen.add(identity);
    let body: Buffer | undefined;
    let hash = hashes.get(identity);
    if (!hash) {
      body = fs.readFileSync(file);
      hash = contentHash(body);
      hashes.set(identity, hash);
    }
    used.add(hash);
    // gzip first: it is quick, and every client takes it while brotli is being made.
    for (const coding of CODINGS) {
      const target = copyPath(copiesDir, hash, coding);
      if (fs.existsSync(target)) continue;
      body ??= fs.readFileSync(file);
      writeAtomically(target, compress(body, coding));
      made++;
    }
  }
  for (const identity of hashes.keys()) if (!seen.has(identity)) hashes.delete(identity);
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
  return { files, made, removed, ms: Date.now() - started };
}

parentPort?.on('message', (job: CompressJob) => {
  let report: CompressReport;
  try {
    report = run(job);
  } catch (error) {
    report = { files: 0, made: 0, removed: 0, ms: 0, error: (error as Error).message };
  }
  parentPort!.postMessage(report);
});
