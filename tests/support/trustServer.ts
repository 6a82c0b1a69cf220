import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { startSmtp } from './smtp';
import { startServer, type RunningServer } from './server';
import { prepareTestDatabase, type TestDatabase } from './database';
import { closeDb } from '../../src/data/database/db';
import { TcpProxy } from './tcpProxy';

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
  /** With `smtpProxy`: the way to the SMTP server, to take it down and bring it back. */
  proxy: TcpProxy | null;
  /** The server's environment, to start another instance on the same database. */
  serverEnv: Record<string, string>;
  /** Stops the server (SIGTERM) and starts it again on the same DATA_DIR and database. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `entry`: another way in to the same start (tests/support/testStart.ts), with its arguments;
 * `env`: settings of the test's own; `smtpProxy`: the server reaches the SMTP server through a proxy
 * the test can cut (tests/support/tcpProxy.ts).
 */
export async function startTrustServer(
  entry?: string[],
  options: { env?: Record<string, string>; smtpProxy?: boolean } = {},
): Promise<TrustServer> {
  const smtp = await startSmtp();
  let proxy: TcpProxy | null = null;
  let smtpUrl = smtp.url;
  if (options.smtpProxy) {
    proxy = new TcpProxy('127.0.0.1', Number(new URL(smtp.url).port));
    smtpUrl = `smtp://127.0.0.1:${await proxy.start()}`;
  }
  const database: TestDatabase = await prepareTestDatabase();
  const owner = { email: 'owner@trust.example', password: randomBytes(12).toString('base64url') };
  const shared = {
    SMTP_URL: smtpUrl,
    SITE_URL,
    LINK_CHECK_ALLOW_LOOPBACK: '1',
    DATABASE_URL: database.url,
    // The test's own process writes most mail rows (services called directly): the server's sender
    // finds them at its poll, as it finds another instance's, so a short one keeps each wait short.
    MAIL_POLL_MS: '200',
    ...options.env,
  };
  const serverEnv = {
    ...shared,
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    SEED_DEMO: '0',
    REBUILD_DEBOUNCE_MS: '3600000',
    TRUST_PROXY: 'loopback',
  };
  let server = await startServer({ entry, env: serverEnv });
  await closeDb();
  const env = { ...shared, DATA_DIR: server.dataDir };
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const trust: TrustServer = {
    server,
    smtp,
    owner,
    env,
    proxy,
    serverEnv,
    async restart() {
      await closeDb();
      await server.stop();
      server = await startServer({ entry, env: serverEnv, dataDir: server.dataDir });
      trust.server = server;
      await closeDb();
    },
    async stop() {
      await closeDb();
      process.env = saved;
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
      await database.drop();
      await proxy?.stop();
      await smtp.stop();
    },
  };
  return trust;
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

/**
 * Slow sites on several loopback addresses (each its own host to the link checker's pacer), for the
 * pace of the checks: each request is answered 200 after `delayMs`, and the sites note how many were
 * in flight at most, all hosts together, and when each host's requests started.
 */
export async function startSlowSites(addresses: string[], delayMs: number) {
  const state = { inFlight: 0, maxInFlight: 0, starts: new Map<string, number[]>() };
  const servers = await Promise.all(
    addresses.map(async (address) => {
      const server = http.createServer((_req, res) => {
        state.inFlight++;
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
        state.starts.set(address, [...(state.starts.get(address) ?? []), Date.now()]);
        setTimeout(() => {
          state.inFlight--;
          res.writeHead(200).end();
        }, delayMs);
      });
      await new Promise<void>((resolve) => server.listen(0, address, resolve));
      return { address, server, port: (server.address() as AddressInfo).port };
    }),
  );
  return {
    state,
    url: (host: number, path: string) => `http://${servers[host]!.address}:${servers[host]!.port}${path}`,
    stop: () => Promise.all(servers.map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve())))),
  };
}
