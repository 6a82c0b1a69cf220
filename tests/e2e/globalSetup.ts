import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { freePort, startServer, tempDir } from '../support/server';
import { startFakeWidget } from '../support/fakeWidget';
import { ensureTestBuildCache } from '../support/buildCache';
import { E2E_SERVERS, serverVariable } from './servers';

/**
 * Starts the real product with the demo data (README.md), once per Playwright worker: each on a free
 * port with a fresh DATA_DIR and a stats widget of its own, so a worker's tests never see another's
 * rows, mail or widget settings. Tells the workers where theirs is through the environment
 * (tests/e2e/servers.ts picks a worker's own).
 */
export default async function globalSetup() {
  // The run's code cache (tests/support/buildCache.ts): npm test hands on the one the database runs
  // filled; alone, this run makes its own. Set in this process's environment, which the workers get.
  const cache = ensureTestBuildCache();
  const shared = {
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
  };
  Object.assign(process.env, shared);
  // One after another: the run's first start may build, and the second then starts from its cache.
  const started: { stop(): Promise<void> }[] = [];
  for (let index = 0; index < E2E_SERVERS; index++) {
    const dataDir = tempDir('emdr-e2e-');
    const widget = await startFakeWidget();
    const port = await freePort();
    const env = {
      ...shared,
      PORT: String(port),
      // Passkeys are made on http://localhost:{port} (admin-passkeys.spec.ts): an origin of the site
      // besides SITE_URL, which a passkey may only be used on when configured (README.md, Passkeys).
      PASSKEY_ORIGINS: `http://localhost:${port}`,
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
    process.env[serverVariable('E2E_BASE_URL', index)] = server.url;
    process.env[serverVariable('E2E_DATA_DIR', index)] = dataDir;
    process.env[serverVariable('PUBLIC_STATS_WIDGET_URL', index)] = widget.url;
    started.push({
      stop: async () => {
        await server.stop();
        await widget.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    });
  }
  return async () => {
    await Promise.all(started.map((server) => server.stop()));
    cache.remove();
  };
}
