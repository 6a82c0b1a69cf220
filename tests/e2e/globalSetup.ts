import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { freePort, startServer, tempDir } from '../support/server';
import { startFakeWidget } from '../support/fakeWidget';
import { ensureTestBuildCache } from '../support/buildCache';

/**
 * Starts the real product on a free port with a fresh DATA_DIR and the demo data (README.md),
 * and tells the tests where it is through the environment.
 */
export default async function globalSetup() {
  // The run's code cache (tests/support/buildCache.ts): npm test hands on the one the database runs
  // filled; alone, this run makes its own. Set in this process's environment, which the workers get.
  const cache = ensureTestBuildCache();
  const dataDir = tempDir('emdr-e2e-');
  const widget = await startFakeWidget();
  const port = await freePort();
  const env = {
    PORT: String(port),
    // Passkeys are made on http://localhost:{port} (admin-passkeys.spec.ts): an origin of the site
    // besides SITE_URL, which a passkey may only be used on when configured (README.md, Passkeys).
    PASSKEY_ORIGINS: `http://localhost:${port}`,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    REBUILD_DEBOUNCE_MS: '300',
    SITE_URL: 'http://localhost:4321',
    PUBLIC_STATS_WIDGET_URL: widget.url,
    PUBLIC_SUPPORT_EMAIL: 'help@e2e.example.com',
    PUBLIC_PARTNER_FORM_URL: 'https://forms.e2e.example.com/apply',
    // The browser stands behind a proxy on this machine: a test may name its client address in
    // X-Forwarded-For (admin-toasts-early-clicks.spec.ts gives each round its own).
    TRUST_PROXY: 'loopback',
  };
  // The run's first start may build (tests/support/buildCache.ts): a loaded machine's time.
  const server = await startServer({ dataDir, env, timeoutMs: 300_000 });
  Object.assign(process.env, env, { E2E_BASE_URL: server.url, E2E_DATA_DIR: dataDir });
  return async () => {
    await server.stop();
    await widget.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    cache.remove();
  };
}
