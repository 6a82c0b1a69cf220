import fs from 'node:fs';
import path from 'node:path';
import { removeTree } from './links';
import type { SitePaths } from './paths';

/** Points `current` at a build with one rename(2) of a symlink: visitors see the old or the new site, never a mix. */
export function swapCurrent(paths: SitePaths, buildId: string): void {
  const temp = `${paths.current}.tmp-${process.pid}`;
  fs.rmSync(temp, { force: true });
  fs.symlinkSync(path.join('builds', buildId), temp);
  fs.renameSync(temp, paths.current);
}

/** The build `current` points at, or null before the first publish. */
export function liveBuildId(paths: SitePaths): string | null {
  try {
    return path.basename(fs.readlinkSync(paths.current));
  } catch {
    return null;
  }
}

/** The builds pruning removes, newest first: all but the live build, the `keep` newest others and any pinned build. */
export function prunableBuilds(paths: SitePaths, keep: number, pinned: (string | null)[] = []): string[] {
  if (!fs.existsSync(paths.builds)) return [];
  const live = liveBuildId(paths);
  const ids = fs
    .readdirSync(paths.builds, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .reverse();
  const protectedIds = new Set([live, ...pinned].filter(Boolean));
  return ids.filter((id) => !protectedIds.has(id)).slice(keep);
}

/** Deletes builds (those `prunableBuilds` named) with their input and log files. */
export async function removeBuilds(paths: SitePaths, ids: string[]): Promise<void> {
  for (const id of ids) {
    await removeTree(paths.build(id));
    await fs.promises.rm(paths.input(id), { force: true });
    await fs.promises.rm(paths.log(id), { force: true });
  }
}
