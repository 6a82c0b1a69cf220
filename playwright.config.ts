import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// CONTRACT.md: the system Chromium when CHROMIUM_PATH is set or /usr/bin/chromium exists, else Playwright's own.
const executablePath =
  process.env.CHROMIUM_PATH || (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  // Two cores: one browser at a time keeps the server and the publisher responsive.
  workers: 1,
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
