import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import postgres from 'postgres';
import { serverEnv } from '../../settings';
import { keepProtocolSequencesTogether } from './pgliteQueueFix';

/**
 * The only place that creates a database connection (docs/architecture.md). DATABASE_URL → that server;
 * unset → PGlite in DATA_DIR/db, served on a Unix socket by pglite-socket so this process, the
 * admin CLI and tests all use the same postgres.js code. PGlite limits (docs/decisions/0005-embedded-database-socket.md): pool
 * max 1, tagged templates only, never await another connection inside a transaction.
 */
export type Sql = ReturnType<typeof postgres>;

// Columns whose camelCase name is not the mechanical one.
const TO_JS: Record<string, string> = { is_emdria_certified: 'isEMDRIACertified' };
const TO_DB: Record<string, string> = Object.fromEntries(Object.entries(TO_JS).map(([db, js]) => [js, db]));

interface DbHandle {
  sql: Sql;
  embedded: { stop(): Promise<void> } | null;
}

// The process's one handle: the start script and Astro's routes import this one module
// (docs/decisions/0039-one-copy-of-the-code.md), so both use the same PGlite and pool.
let handle: Promise<DbHandle> | undefined;

export function clientOptions(maxConnections: number) {
  return {
    max: maxConnections,
    idle_timeout: 30,
    connect_timeout: 10,
    onnotice: () => {},
    transform: {
      undefined: null,
      column: {
        from: (c: string) => TO_JS[c] ?? postgres.toCamel(c),
        to: (c: string) => TO_DB[c] ?? postgres.fromCamel(c),
      },
    },
  };
}

export function embeddedSocketDir(dataDir: string): string {
  return path.join(dataDir, 'run');
}

function socketAnswers(socketFile: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketFile);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * The embedded server's memory lives in this process's WebAssembly heap: PostgreSQL's defaults
 * (128 MB of shared buffers) are sized for a machine of its own. A directory's data fits in far less.
 */
const EMBEDDED_SETTINGS = ['shared_buffers=16MB', 'wal_buffers=1MB', 'temp_buffers=2MB', 'work_mem=2MB'];

/**
 * PGlite is a 10 MB WebAssembly module. V8 compiles it twice by default, a quick baseline and then
 * optimised code for what runs hot, and keeps both: about 130 MB resident for the process. The
 * baseline compiler alone keeps it at a fraction of that; the queries a directory makes stay fast
 * enough (the bench's save → live figures include them). Set once, before PGlite is loaded.
 */
let leanWasmSet = false;
function leanWasm(): void {
  if (leanWasmSet) return;
  leanWasmSet = true;
  v8.setFlagsFromString('--liftoff-only');
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/** Opens PGlite and serves it on DATA_DIR/run, or joins the process that already serves it. */
async function openEmbedded(dataDir: string): Promise<DbHandle> {
  const socketDir = embeddedSocketDir(dataDir);
  const socketFile = path.join(socketDir, '.s.PGSQL.5432');
  const options = { ...clientOptions(1), host: socketDir, port: 5432, database: 'postgres', username: 'postgres' };
  if (await socketAnswers(socketFile)) return { sql: postgres(options), embedded: null };

  fs.mkdirSync(socketDir, { recursive: true });
  fs.rmSync(socketFile, { force: true });
  leanWasm();
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const db = await PGlite.create({
    dataDir: path.join(dataDir, 'db'),
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
  const server = new PGLiteSocketServer({ db, path: socketFile, maxConnections: 16 });
  keepProtocolSequencesTogether(server);
  await server.start();
  const sql = postgres(options);
  return {
    sql,
    embedded: {
      async stop() {
        await server.stop();
        await db.close();
        fs.rmSync(socketFile, { force: true });
      },
    },
  };
}

async function open(): Promise<DbHandle> {
  const env = serverEnv();
  if (env.databaseUrl) return { sql: postgres(env.databaseUrl, clientOptions(10)), embedded: null };
  return openEmbedded(env.dataDir);
}

/** The process's one `sql`, opened on first use. */
export function getSql(): Promise<Sql> {
  handle ??= open();
  return handle.then((opened) => opened.sql);
}

/** True when this process owns the embedded database (and so must be the one to run its publisher). */
export async function isEmbeddedOwner(): Promise<boolean> {
  return Boolean(handle && (await handle).embedded);
}

export function usesExternalDatabase(): boolean {
  return Boolean(serverEnv().databaseUrl);
}

export async function closeDb(): Promise<void> {
  const pending = handle;
  if (!pending) return;
  handle = undefined;
  const opened = await pending;
  await opened.sql.end({ timeout: 5 });
  await opened.embedded?.stop();
}
