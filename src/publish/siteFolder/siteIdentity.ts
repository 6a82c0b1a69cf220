import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { sitePaths, type SitePaths } from './paths';
import { readOrCreateFile } from '../../data/fileOnce';

/**
 * Which copy of the published files a process serves. Instances sharing one DATA_DIR read the same
 * id (one builds, all serve); an instance with a DATA_DIR of its own has its own id, its own
 * progress in the database, and builds its own copy. A copied DATA_DIR must not keep this file.
 */
export const SITE_ID_FILE = 'site-id';

/** The CDN in deploy-hook mode: one site for every instance, so the hook is called once per change. */
export const DEPLOY_HOOK_SITE = 'deploy-hook';

export function siteIdentity(paths: SitePaths): string {
  return readOrCreateFile(path.join(paths.root, SITE_ID_FILE), () => randomUUID(), 0o644);
}

/** The site this process publishes, from its settings: the CDN in hook mode, else its DATA_DIR. */
export function publishingSiteId(env: { dataDir: string; buildHookUrl: string }): string {
  return env.buildHookUrl ? DEPLOY_HOOK_SITE : siteIdentity(sitePaths(env.dataDir));
}
