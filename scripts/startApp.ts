/**
 * `npm start` (README.md): migrate, seed a brand-new embedded database, make sure the site is
 * built, serve it and keep it published; only then bootstrap the admin and print how to sign in.
 * Creating the admin last means a start that fails (build error, port taken) never prints a
 * one-time password that the next, successful start would not show again.
 *
 * scripts/start.ts runs it as it is; a test may start it with options of its own (a build check
 * that fails on demand), never through the environment.
 */
import { inspect } from 'node:util';
import { EnvError, serverEnv } from '../src/env';
import { redact } from '../src/redact';
import { connectProblem } from '../src/data/connectProblem';
import { closeDb, getSql, isEmbeddedOwner, usesExternalDatabase } from '../src/data/db';
import { migrate } from '../src/data/migrate';
import { seedDemoOnce } from '../src/data/seed';
import { adminEnvProblem, bootstrapAdmin } from '../src/auth/bootstrap';
import { sitePaths } from '../src/publish/paths';
import { ensureLiveBuild } from '../src/publish/boot';
import type { ExtraCheck } from '../src/publish/checkBuild';
import { PageRenderer } from '../src/publish/pageRenderer';
import { warmUp } from '../src/publish/buildSite';
import { Publisher } from '../src/publish/publisher';
import { SpareBuild } from '../src/publish/spareBuild';
import { hookQuietMs } from '../src/publish/policy';
import { newInstanceId, startHeartbeat } from '../src/publish/fleet';
import { publishingSiteId, siteIdentity } from '../src/publish/siteIdentity';
import { Host, liveDir } from '../src/server/host';
import { Precompressor } from '../src/publish/precompressor';
import { startUploadSweeper } from '../src/storage/abandoned';
import { adminChangeLine, startBanner } from './startBanner';

export interface StartOptions {
  /** A further check of every build before it goes live. */
  extraCheck?: ExtraCheck;
  /** Called before each request is handled (a test throws here to inject a fault). */
  beforeEachRequest?: (pathname: string) => void;
}

const log = (message: string) => console.log(redact(message));

/** A bad setting stops the start with what to change, before anything is touched. */
function readEnv() {
  try {
    return serverEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(redact(`Cannot start: ${error.message.split('\n').join('; ')}.`));
    process.exit(1);
  }
}

async function fail(message: string, error?: unknown): Promise<never> {
  console.error(redact(message));
  if (error) console.error(redact(inspect(error)));
  await closeDb().catch(() => {});
  process.exit(1);
}

export async function startApp(options: StartOptions = {}): Promise<void> {
  const started = Date.now();
  const env = readEnv();
  // The default SITE_URL follows PORT; made explicit so the build's fingerprint and the build
  // processes see the same address the banner prints.
  if (!process.env.SITE_URL && env.port) process.env.SITE_URL = env.siteUrl;

  const envProblem = adminEnvProblem(env);
  if (envProblem) await fail(envProblem);

  async function listenOrExplain(host: Host): Promise<number> {
    try {
      return await host.listen(env.port, env.host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') {
        return fail(
          `Port ${env.port} on ${env.host} is already in use: stop the program using it, or choose another port, e.g. PORT=${env.port + 1} npm start.`,
        );
      }
      if (code === 'EACCES')
        return fail(`Not allowed to listen on port ${env.port}: choose a port above 1023 with PORT.`);
      throw error;
    }
  }

  let publisher: Publisher | undefined;
  let stopSweeper = () => {};
  let stopHeartbeat: () => Promise<void> = async () => {};
  let host: Host | undefined;
  let precompressor: Precompressor | undefined;
  try {
    const sql = await getSql();
    const applied = await migrate(sql);
    if (applied.length > 0) log(`Database migrated: ${applied.join(', ')}`);

    const brandNew = applied.includes('00001_init.sql');
    const seed = env.seedDemo !== undefined ? env.seedDemo === '1' : brandNew && !env.databaseUrl;
    if (seed && (await seedDemoOnce())) log('Demo trainers and trainings added.');

    const paths = sitePaths(env.dataDir);
    const instanceId = newInstanceId();
    const localSite = { siteId: siteIdentity(paths), instanceId, paths, extraCheck: options.extraCheck };
    const bootBuild = await ensureLiveBuild(localSite, log);
    const live = liveDir(paths.current);
    host = await Host.create(paths.build(bootBuild), live, {
      beforeEachRequest: options.beforeEachRequest,
      copiesDir: paths.compressed,
    });
    precompressor = new Precompressor(paths.compressed, log);
    const compressLive = () => {
      const dir = live.get();
      if (dir) precompressor?.request(dir);
    };
    // The environment's admin is applied before the first request can arrive: a sign-in as soon as
    // the port answers must succeed. A generated one-time password still waits for a good start.
    const envAdmin = env.adminEmail ? await bootstrapAdmin(env) : null;
    const port = await listenOrExplain(host);
    compressLive();

    // In hook mode every instance publishes one shared site, the CDN; otherwise each its own DATA_DIR.
    const renderer = env.buildHookUrl ? null : loadRenderer(paths.build(bootBuild));
    const spare = renderer ? new SpareBuild(paths) : null;
    publisher = new Publisher({
      builder: {
        ...localSite,
        siteId: publishingSiteId(env),
        pinned: [bootBuild],
        onSwapped: () => {
          live.invalidate();
          compressLive();
        },
        renderer,
        spare,
      },
      debounceMs: env.rebuildDebounceMs,
      // On a PostgreSQL server changes are announced (LISTEN/NOTIFY): the poll is only a fallback.
      pollMs: usesExternalDatabase() ? 2_000 : 500,
      hook: env.buildHookUrl ? { url: env.buildHookUrl, quietMs: hookQuietMs(env.buildHookDebounceMs) } : undefined,
      log,
    });
    // On the embedded database only the process that owns PGlite publishes: a process that joined its
    // socket shares PGlite's single backend session, where advisory locks can't tell processes apart.
    if (usesExternalDatabase() || (await isEmbeddedOwner())) {
      await publisher.start();
      spare?.prepare(bootBuild);
      // Before the banner: once the server says it is ready, a first edit publishes as fast as the next.
      if (renderer) await warmUp(renderer).catch((error: Error) => log(`publisher: warm-up failed: ${error.message}`));
    }
    stopHeartbeat = startHeartbeat({ instanceId, siteId: publishingSiteId(env), address: `${env.host}:${port}` }, log);
    stopSweeper = startUploadSweeper(log);

    const admin = envAdmin ?? (await bootstrapAdmin(env));
    host.markReady();
    const change = adminChangeLine(admin);
    if (change) log(change);
    log(
      startBanner({
        listening: `http://${env.host}:${port}`,
        // With PORT=0 and no SITE_URL the served port is only known now.
        site: process.env.SITE_URL ? env.siteUrl : `http://localhost:${port}`,
        seconds: (Date.now() - started) / 1000,
        admin,
      }),
    );
  } catch (error) {
    // A database we cannot use is one sentence with what to check; anything else is a bug to report.
    const problem = connectProblem(error, env.databaseUrl);
    if (problem) await fail(problem);
    await fail('Start-up failed:', error);
  }

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing in-flight requests and builds…`);
    const force = setTimeout(() => process.exit(1), 60_000);
    force.unref();
    stopSweeper();
    await host?.close();
    await publisher?.stop();
    await precompressor?.stop();
    await stopHeartbeat();
    await closeDb();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** The in-process page renderer of the boot build; without one every publish runs a full build. */
function loadRenderer(buildDir: string): PageRenderer | null {
  try {
    const renderer = PageRenderer.load(buildDir);
    if (!renderer) log('publisher: this build kept no page renderer; every change runs a full build');
    return renderer;
  } catch (error) {
    log(
      `publisher: the page renderer could not be loaded, every change runs a full build: ${(error as Error).message}`,
    );
    return null;
  }
}
