/**
 * `npm start` (README.md): migrate, seed a brand-new embedded database, make sure the site is
 * built, serve it and keep it published; only then bootstrap the admin and print how to sign in.
 * Creating the admin last means a start that fails (build error, port taken) never prints a
 * one-time password that the next, successful start would not show again.
 *
 * scripts/start.ts runs it as it is; a test may start it with options of its own (a build check
 * that fails on demand), never through the environment.
 */
import net from 'node:net';
import { inspect } from 'node:util';
import { EnvError, passkeyEnv, serverEnv } from '../settings';
import { redact } from '../redact';
import { connectProblem } from '../data/database/connectProblem';
import { closeDb, getSql } from '../data/database/db';
import { migrate } from '../data/database/migrate';
import { SecretsKeyError } from '../data/secrets/secretsKey';
import { sealSecrets } from './sealSecrets';
import { seedDemoOnce } from '../data/seed';
import { preloadZipTable } from '../data/zipTable';
import { adminEnvProblem, bootstrapAdmin } from './bootstrap';
import { newInstanceId, startHeartbeat } from './heartbeat';
import { keepServerCodeInUse, openPublishing, type Publishing } from '../publish';
import { Host, listenOn } from '../server/host';
import { startStaticFront, type StaticFront } from '../server/front/staticFront';
import { liveDir } from '../server/staticAnswers';
import { siteHeadersFromSettings } from '../server/securityHeaders';
import { startUploadSweeper } from '../storage/abandoned';
import { startDigestScheduler } from './digestScheduler';
import { startSecurityLogRetention } from './securityLogRetention';
import { startTrustScheduler } from './trustScheduler';
import { startMailSender } from '../mail/sender';
import { flushListingEvents, startListingEventsPrune } from '../services/performance/listingEvents';
import { adminChangeLine, startBanner } from './startBanner';

export interface StartOptions {
  /** A further check of every build before it goes live. */
  extraCheck?: Parameters<typeof openPublishing>[0]['extraCheck'];
  /** Called before each request is handled (a test throws here to inject a fault). */
  beforeEachRequest?: (pathname: string) => void;
}

const log = (message: string) => console.log(redact(message));

/** A bad setting stops the start with what to change, before anything is touched. */
function readEnv() {
  try {
    const env = serverEnv();
    // PASSKEY_ORIGINS is checked against SITE_URL: a listed origin no browser could use stops the start too.
    passkeyEnv();
    return env;
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

  const envProblem = adminEnvProblem(env);
  if (envProblem) await fail(envProblem);

  async function listenOrExplain(listen: () => Promise<number>): Promise<number> {
    try {
      return await listen();
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

  let publishing: Publishing | undefined;
  let stopSweeper = () => {};
  let stopDigests = () => {};
  let stopRetention = () => {};
  let stopEventsPrune = () => {};
  let stopTrust = () => {};
  let stopMail: () => Promise<void> = async () => {};
  // Astro's routes load their modules from the compiled server code at their first request.
  const stopKeepingCode = keepServerCodeInUse();
  let stopHeartbeat: () => Promise<void> = async () => {};
  let host: Host | undefined;
  let front: StaticFront | undefined;
  try {
    const sql = await getSql();
    const applied = await migrate(sql);
    if (applied.length > 0) log(`Database migrated: ${applied.join(', ')}`);
    await sealSecrets(env, log);

    const brandNew = applied.includes('00001_init.sql');
    const seed = env.seedDemo !== undefined ? env.seedDemo === '1' : brandNew && !env.databaseUrl;
    if (seed && (await seedDemoOnce())) log('Demo trainers and trainings added.');

    const instanceId = newInstanceId();
    publishing = await openPublishing({ ...env, instanceId, extraCheck: options.extraCheck, log });
    const live = liveDir(publishing.currentLink);
    host = await Host.create(publishing.bootBuildDir, live, {
      beforeEachRequest: options.beforeEachRequest,
      copiesDir: publishing.compressedDir,
    });
    // The environment's admin is applied before the first request can arrive: a sign-in as soon as
    // the port answers must succeed. A generated one-time password still waits for a good start.
    const envAdmin = env.adminEmail ? await bootstrapAdmin(env) : null;
    let port: number;
    if (env.staticFront) {
      // The port is bound here, so a port in use is explained as without a front.
      const listener = net.createServer();
      port = await listenOrExplain(() => listenOn(listener, env.port, env.host));
      front = await startStaticFront({
        host,
        listener,
        port,
        address: env.host,
        config: {
          currentLink: publishing.currentLink,
          serverBuildDir: publishing.bootBuildDir,
          copiesDir: publishing.compressedDir,
          headers: siteHeadersFromSettings(),
          trustProxy: env.trustProxy,
        },
        log,
      });
    } else {
      const served = host;
      port = await listenOrExplain(() => served.listen(env.port, env.host));
    }
    // Before the banner: once the server says it is ready, a first edit publishes as fast as the next.
    await publishing.start({
      onSwapped: () => {
        live.invalidate();
        front?.swapped();
      },
      liveDir: () => live.get(),
    });
    stopHeartbeat = startHeartbeat({ instanceId, siteId: publishing.siteId, address: `${env.host}:${port}` }, log);
    stopSweeper = startUploadSweeper(log);
    stopDigests = startDigestScheduler(log);
    stopRetention = startSecurityLogRetention(log);
    stopEventsPrune = startListingEventsPrune();
    stopTrust = startTrustScheduler(log);
    // The one sender of every mail (docs/decisions/0038-mail-outbox.md): mail queued before a restart goes now.
    stopMail = startMailSender();

    const admin = envAdmin ?? (await bootstrapAdmin(env));
    await preloadZipTable();
    host.markReady();
    const change = adminChangeLine(admin);
    if (change) log(change);
    log(
      startBanner({
        listening: `http://${env.host}:${port}`,
        // With PORT=0 and no SITE_URL the served port is only known now.
        site: env.siteUrlGiven ? env.siteUrl : `http://localhost:${port}`,
        seconds: (Date.now() - started) / 1000,
        admin,
      }),
    );
  } catch (error) {
    // A database we cannot use is one sentence with what to check; anything else is a bug to report.
    const problem = connectProblem(error, env.databaseUrl);
    if (problem) await fail(problem);
    if (error instanceof SecretsKeyError) await fail(`Cannot start: ${error.message}`);
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
    stopDigests();
    stopRetention();
    stopEventsPrune();
    stopTrust();
    stopKeepingCode();
    await front?.close();
    await host?.close();
    // The listing counts this process kept since its last write (services/performance/listingEvents.ts).
    await flushListingEvents();
    await publishing?.stop();
    await stopHeartbeat();
    await stopMail();
    await closeDb();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
