import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sitePaths, type SitePaths } from './paths';

/**
 * Which copy of the published files a process serves. Instances sharing one DATA_DIR read the same
 * id (one builds, all serve); an instance with a DATA_DIR of its own has its own id, its own
 * progress in the database, and builds its own copy. A copied DATA_DIR must not keep this file.
 */
export const SITE_ID_FILE = 'site-id';

/** The CDN in deploy-hook mode: one site for every instance, so the hook is called once per change. */
export const DEPLOY_HOOK_SITE = 'deploy-hook';

export function siteIdentity(paths: SitePaths): string {
  const file = path.join(paths.root, SITE_ID_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(paths.root, { recursive: true });
    // Written aside, then linked: two instances starting at once on a new DATA_DIR agree on one id.
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    fs.writeFileSync(temp, randomUUID());
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** The site this process publishes, from its settings: the CDN in hook mode, else its DATA_DIR. */
export function publishingSiteId(env: { dataDir: string; buildHookUrl: string }): string {
  return env.buildHookUrl ? DEPLOY_HOOK_SITE : siteIdentity(sitePaths(env.dataDir));
}
