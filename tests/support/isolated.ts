import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { closeDb } from '../../src/data/database/db';
import { prepareTestDatabase, type TestDatabase } from './database';
import { startServer, tempDir, type RunningServer } from './server';

/**
 * A server with a database and DATA_DIR of its own, and this test worker's data layer pointed at
 * that database (so repositories and fixtures write where the server reads).
 */
export interface IsolatedServer {
  server: RunningServer;
  database: TestDatabase;
  dataDir: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startIsolatedServer(env: Record<string, string> = {}, entry?: string[]): Promise<IsolatedServer> {
  const database = await prepareTestDatabase();
  const dataDir = tempDir('emdr-pub-');
  const fullEnv = {
    DATABASE_URL: database.url,
    SEED_DEMO: '0',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
    SITE_URL: 'http://localhost:4321',
    ...env,
  };
  const server = await startServer({ dataDir, env: fullEnv, entry });
  process.env.DATA_DIR = dataDir;
  process.env.DATABASE_URL = database.url;
  return {
    server,
    database,
    dataDir,
    env: fullEnv,
    async stop() {
      await closeDb();
      await server.stop();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
