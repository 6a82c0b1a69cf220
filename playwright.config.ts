import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_SERVERS, useOwnServer } from './tests/e2e/servers';

// A worker process loads this file too: there it takes its own server's address (tests/e2e/servers.ts).
useOwnServer();

// CONTRACT.md: the system Chromium when CHROMIUM_PATH is set or /usr/bin/chromium exists, else Playwright's own.
const executablePath =
  process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  // One server per worker (tests/e2e/globalSetup.ts); E2E_WORKERS=1 runs them one after another.
  workers: E2E_SERVERS,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath,
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'off',
  },
});
