import fs from 'node:fs';
import path from 'node:path';
import { linkTree, removeTree, syncLinks } from './links';
import type { SitePaths } from './paths';

/**
 * The next in-process publish's folder, made ahead of time: a hard link to every file of the live
 * build, prepared in the background as soon as a build is live, so an edit does not wait for it.
 *
 * It is not made from nothing: the build that pruning would delete next (a few edits old) is taken
 * over and only the entries that differ from the live build are re-linked. Making ten thousand links
 * and deleting ten thousand others per edit (5,000 trainings) cost seconds of kernel time whenever
 * the disk was busy; comparing inodes is reads only, and the writes are the few pages edited since.
 * A spare belongs to one live build; when another went live meanwhile (an instance sharing this
 * DATA_DIR published) it is brought up to date the same way.
 *
 * Each process keeps its spare in its own folder (`site/spare/<pid>`), out of `builds/` so it is
 * never served or pruned as a build.
 */
export class SpareBuild {
  private ready: Promise<{ base: string; dir: string } | null> = Promise.resolve(null);
  private readonly dir: string;
  private donors = 0;

  constructor(private readonly paths: SitePaths) {
    this.dir = path.join(paths.root, 'spare', String(process.pid));
    removeLeftovers(path.dirname(this.dir));
  }

  /**
   * Starts making a linked copy of build `base`. `donor`, a build about to be pruned, is moved out of
   * the builds folder at once (before the pruner can start deleting it) and reused.
   */
  prepare(base: string, donor: string | null = null): void {
    const donorDir = donor ? this.claim(donor) : null;
    const previous = this.ready;
    this.ready = (async () => {
      await previous.catch(() => null);
      try {
        // An untaken spare (of an older build) is the closest copy; otherwise the donor.
        if (donorDir && !fs.existsSync(this.dir)) await fs.promises.rename(donorDir, this.dir);
        await syncLinks(this.paths.build(base), this.dir);
        return { base, dir: this.dir };
      } catch {
        // The build went away (pruned by an instance sharing DATA_DIR): the next publish links anew.
        await removeTree(this.dir);
        return null;
      } finally {
        if (donorDir) await removeTree(donorDir);
      }
    })();
  }

  /** Puts a linked copy of build `base` at `outDir`: the spare, brought up to date when it is of another build. */
  async take(base: string, outDir: string): Promise<void> {
    const spare = await this.ready.catch(() => null);
    this.ready = Promise.resolve(null);
    if (spare) {
      await fs.promises.rename(spare.dir, outDir);
      if (spare.base !== base) await syncLinks(this.paths.build(base), outDir);
      return;
    }
    await removeTree(this.dir);
    await linkTree(this.paths.build(base), outDir);
  }

  /** Moves build `id` to a folder of this spare's own, or null when it is gone (another instance pruned it). */
  private claim(id: string): string | null {
    const to = `${this.dir}.donor-${++this.donors}`;
    try {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(this.paths.build(id), to);
    } catch {
      return null;
    }
    fs.rmSync(this.paths.input(id), { force: true });
    fs.rmSync(this.paths.log(id), { force: true });
    return to;
  }
}

/** Spares of processes that are gone (a restart, a crash) are removed. */
function removeLeftovers(spares: string): void {
  if (!fs.existsSync(spares)) return;
  for (const name of fs.readdirSync(spares)) {
    if (name !== String(process.pid) && !isRunning(Number(name))) {
      fs.rmSync(path.join(spares, name), { recursive: true, force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
