import fs from 'node:fs';
import path from 'node:path';
import type { SitePaths } from './paths';

/**
 * The next in-process publish's folder, made ahead of time: a hard link to every file of the live
 * build (ten thousand of them at 5,000 trainings, a few hundred milliseconds of file-system work),
 * prepared in the background as soon as a build is live, so an edit does not wait for it. A spare
 * belongs to one live build; when another build went live meanwhile (an instance sharing this
 * DATA_DIR published) it is thrown away and the links are made on the spot.
 *
 * Each process keeps its spare in its own folder (`site/spare/<pid>`), out of `builds/` so it is
 * never served or pruned as a build.
 */
export class SpareBuild {
  private ready: Promise<{ base: string; dir: string } | null> = Promise.resolve(null);
  private readonly dir: string;

  constructor(private readonly paths: SitePaths) {
    this.dir = path.join(paths.root, 'spare', String(process.pid));
    removeLeftovers(path.dirname(this.dir));
  }

  /** Starts linking a copy of build `base`, replacing any spare of an older build. */
  prepare(base: string): void {
    const previous = this.ready;
    this.ready = (async () => {
      await previous.catch(() => null);
      await fs.promises.rm(this.dir, { recursive: true, force: true });
      try {
        await linkTree(this.paths.build(base), this.dir);
        return { base, dir: this.dir };
      } catch {
        // The build went away (pruned by an instance sharing DATA_DIR): the next publish links anew.
        await fs.promises.rm(this.dir, { recursive: true, force: true });
        return null;
      }
    })();
  }

  /** Puts a linked copy of build `base` at `outDir`: the spare when it is of that build, else made now. */
  async take(base: string, outDir: string): Promise<void> {
    const spare = await this.ready.catch(() => null);
    this.ready = Promise.resolve(null);
    if (spare?.base === base) {
      await fs.promises.rename(spare.dir, outDir);
      return;
    }
    await fs.promises.rm(this.dir, { recursive: true, force: true });
    await linkTree(this.paths.build(base), outDir);
  }
}

/** Recreates the folders of `from` under `to` and hard-links every file, many at a time. */
export async function linkTree(from: string, to: string): Promise<void> {
  await fs.promises.mkdir(to, { recursive: true });
  const entries = await fs.promises.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      return entry.isDirectory() ? linkTree(source, target) : fs.promises.link(source, target);
    }),
  );
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
