import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { startServer, tempDir } from '../support/server';

/**
 * Starts the real product on a free port with a fresh DATA_DIR and the demo data (CONTRACT.md),
 * and tells the tests where it is through the environment.
 */
export default async function globalSetup() {
  const dataDir = tempDir('emdr-e2e-');
  const env = {
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    REBUILD_DEBOUNCE_MS: '300',
    SITE_URL: 'http://localhost:4321',
  };
  const server = await startServer({ dataDir, env });
  Object.assign(process.env, env, { E2E_BASE_URL: server.url, E2E_DATA_DIR: dataDir });
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
