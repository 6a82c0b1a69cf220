import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { startSmtp } from './smtp';
import { startServer, type RunningServer } from './server';
import { prepareTestDatabase, type TestDatabase } from './database';
import { closeDb } from '../../src/data/database/db';

/**
 * A server of its own for the Trust tests (docs/product.md, Trust): a real SMTP server on 127.0.0.1,
 * the link checker allowed on loopback (LINK_CHECK_ALLOW_LOOPBACK, tests only), the owner from
 * ADMIN_EMAIL. This test process reaches the same database and mail server, so a test may run the
 * daily jobs itself with a clock of its own.
 */
export const SITE_URL = 'http://localhost:4321';

export interface TrustServer {
  server: RunningServer;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  owner: { email: string; password: string };
  /** The settings this process and the admin CLI share with the server. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startTrustServer(): Promise<TrustServer> {
  const smtp = await startSmtp();
  const database: TestDatabase = await prepareTestDatabase();
  const owner = { email: 'owner@trust.example', password: randomBytes(12).toString('base64url') };
  const shared = { SMTP_URL: smtp.url, SITE_URL, LINK_CHECK_ALLOW_LOOPBACK: '1', DATABASE_URL: database.url };
  const server = await startServer({
    env: {
      ...shared,
      ADMIN_EMAIL: owner.email,
      ADMIN_PASSWORD: owner.password,
      SEED_DEMO: '0',
      REBUILD_DEBOUNCE_MS: '3600000',
      TRUST_PROXY: 'loopback',
    },
  });
  await closeDb();
  const env = { ...shared, DATA_DIR: server.dataDir };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  return {
    server,
    smtp,
    owner,
    env,
    async stop() {
      await closeDb();
      process.env = saved;
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await database.drop();
      await smtp.stop();
    },
  };
}

/** A site a listing links to, on 127.0.0.1: it answers `status` (changeable) and notes each request. */
export async function startLinkedSite() {
  const state = { status: 200, requests: [] as { method: string; path: string; userAgent: string }[] };
  const server = http.createServer((req, res) => {
    state.requests.push({ method: req.method!, path: req.url!, userAgent: req.headers['user-agent'] ?? '' });
    res.writeHead(state.status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
