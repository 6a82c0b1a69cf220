import fs from 'node:fs';
import path from 'node:path';
import { takeSnapshot } from './snapshot';
import { runAstroBuild } from './astroBuild';
import { checkBuild } from './checkBuild';
import { newBuildId, type SitePaths } from './paths';
import { pruneBuilds, swapCurrent } from './swap';
import { codeFingerprint } from './fingerprint';

export const KEEP_PREVIOUS_BUILDS = 3;
const FINGERPRINT_FILE = 'fingerprint.txt';

export type BuildOutcome =
  | { ok: true; buildId: string; ms: number; rendered: number; restored: number }
  | { ok: false; buildId: string; error: string; aborted?: boolean };

/**
 * One publish: snapshot → build into builds/<id> → check → atomic swap → prune. On any
 * failure the live site is untouched and the failed folder is removed.
 */
export async function buildAndSwap(
  paths: SitePaths,
  pinned: (string | null)[] = [],
  signal?: AbortSignal,
): Promise<BuildOutcome> {
  const buildId = newBuildId();
  const outDir = paths.build(buildId);
  fs.mkdirSync(paths.builds, { recursive: true });
  fs.mkdirSync(paths.cache, { recursive: true });
  const data = await takeSnapshot();
  fs.writeFileSync(paths.input(buildId), JSON.stringify(data));
  const result = await runAstroBuild({
    outDir,
    dataFile: paths.input(buildId),
    cacheDir: paths.cache,
    logFile: paths.log(buildId),
    signal,
  });
  const fail = (error: string): BuildOutcome => {
    fs.rmSync(outDir, { recursive: true, force: true });
    return { ok: false, buildId, error };
  };
  if (signal?.aborted) {
    fail('build aborted');
    for (const file of [paths.input(buildId), paths.log(buildId)]) fs.rmSync(file, { force: true });
    return { ok: false, buildId, error: 'build aborted', aborted: true };
  }
  if (!result.ok) return fail(`astro build failed:\n${result.log.split('\n').slice(-25).join('\n')}`);
  const problems = checkBuild(path.join(outDir, 'client'), data);
  if (problems.length > 0) return fail(`build rejected by the checker:\n${problems.slice(0, 20).join('\n')}`);
  fs.writeFileSync(path.join(outDir, FINGERPRINT_FILE), codeFingerprint());
  swapCurrent(paths, buildId);
  pruneBuilds(paths, KEEP_PREVIOUS_BUILDS, pinned);
  return { ok: true, buildId, ms: result.ms, rendered: result.rendered, restored: result.restored };
}

/** True when a build was made from the code that is here now (so its server code may be run). */
export function builtFromCurrentCode(paths: SitePaths, buildId: string | null): boolean {
  if (!buildId) return false;
  try {
    return fs.readFileSync(path.join(paths.build(buildId), FINGERPRINT_FILE), 'utf8') === codeFingerprint();
  } catch {
    return false;
  }
}
