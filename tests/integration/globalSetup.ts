import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startServer, tempDir, type RunningServer } from '../support/server';
import { prepareTestDatabase } from '../support/database';

declare module 'vitest' {
  export interface ProvidedContext {
    testEnv: Record<string, string>;
  }
}

/**
 * One real server and one database for the integration run. Its publisher is held back (a debounce
 * of an hour) so API tests don't trigger builds; publishing tests start servers of their own.
 */
export default async function setup(project: TestProject) {
  const database = await prepareTestDatabase();
  const dataDir = tempDir('emdr-it-');
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    SEED_DEMO: '0',
    REBUILD_DEBOUNCE_MS: '3600000',
    SITE_URL: 'http://localhost:4321',
    // Another origin of the site a passkey may be used on (tests/integration/passkey-origins.test.ts).
    PASSKEY_ORIGINS: 'http://admin.localhost:4321',
    // Tests stand in for a proxy on this machine: their X-Forwarded-For names the client.
    TRUST_PROXY: 'loopback',
    // These tests look at the disk driver's files; photos kept in PostgreSQL are tested in tests/publishing.
    PHOTO_STORE: 'disk',
  };
  let server: RunningServer | undefined;
  try {
    // The first start of a run builds (the run's code cache starts empty): give it a loaded machine's time.
    server = await startServer({ dataDir, env, timeoutMs: 300_000 });
  } catch (error) {
    await database.drop();
    throw error;
  }
  project.provide('testEnv', { ...env, TEST_BASE_URL: server.url, TEST_DB_TARGET_NAME: database.target });
  console.log(`[integration] database: ${database.target}, server: ${server.url}`);
  return async () => {
    await server?.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
