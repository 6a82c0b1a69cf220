/**
 * `npm start` (CONTRACT.md): migrate, seed a brand-new embedded database, bootstrap the admin,
 * make sure the site is built, then serve it and keep it published.
 */
import { serverEnv } from '../src/env';
import { closeDb, getSql, isEmbeddedOwner, usesExternalDatabase } from '../src/data/db';
import { migrate } from '../src/data/migrate';
import { seedDemoOnce } from '../src/data/seed';
import { bootstrapAdmin } from '../src/auth/bootstrap';
import { sitePaths } from '../src/publish/paths';
import { ensureLiveBuild } from '../src/publish/boot';
import { Publisher } from '../src/publish/publisher';
import { hookQuietMs } from '../src/publish/policy';
import { newInstanceId, startHeartbeat } from '../src/publish/fleet';
import { publishingSiteId, siteIdentity } from '../src/publish/siteIdentity';
import { Host, liveDir } from '../src/server/host';
import { startUploadSweeper } from '../src/storage/abandoned';

const started = Date.now();
const env = serverEnv();
const log = (message: string) => console.log(message);

const sql = await getSql();
const applied = await migrate(sql);
if (applied.length > 0) log(`Database migrated: ${applied.join(', ')}`);

const brandNew = applied.includes('00001_init.sql');
const seed = env.seedDemo !== undefined ? env.seedDemo === '1' : brandNew && !env.databaseUrl;
if (seed && (await seedDemoOnce())) log('Demo trainers and trainings added.');

const admin = await bootstrapAdmin(env);
if (admin.action !== 'none' && admin.action !== 'unchanged') {
  log(`Admin ${admin.action === 'created' ? 'created' : 'password reset'}: ${admin.email}`);
  if (admin.generatedPassword) {
    log(`One-time admin password (shown only now): ${admin.generatedPassword}`);
    log('Change it with: npm run admin -- reset-password --email admin@localhost --password <new password>');
  }
}

const paths = sitePaths(env.dataDir);
const instanceId = newInstanceId();
const localSite = { siteId: siteIdentity(paths), instanceId, paths };
const bootBuild = await ensureLiveBuild(localSite, log);
const live = liveDir(paths.current);
const host = await Host.create(paths.build(bootBuild), live);
const port = await host.listen(env.port, env.host);

// In hook mode every instance publishes one shared site, the CDN; otherwise each its own DATA_DIR.
const publisher = new Publisher({
  builder: { ...localSite, siteId: publishingSiteId(env), pinned: [bootBuild] },
  debounceMs: env.rebuildDebounceMs,
  // On a PostgreSQL server changes are announced (LISTEN/NOTIFY): the poll is only a fallback.
  pollMs: usesExternalDatabase() ? 2_000 : 500,
  hook: env.buildHookUrl ? { url: env.buildHookUrl, quietMs: hookQuietMs(env.buildHookDebounceMs) } : undefined,
  onPublished: () => live.invalidate(),
  log,
});
// On the embedded database only the process that owns PGlite publishes: a process that joined its
// socket shares PGlite's single backend session, where advisory locks can't tell processes apart.
if (usesExternalDatabase() || (await isEmbeddedOwner())) await publisher.start();
const stopHeartbeat = startHeartbeat(
  { instanceId, siteId: publishingSiteId(env), address: `${env.host}:${port}` },
  log,
);
const stopSweeper = startUploadSweeper(log);

log(
  `EMDR Training Marketplace is running at http://${env.host}:${port}/ (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log(`${signal}: finishing in-flight requests and builds…`);
  const force = setTimeout(() => process.exit(1), 60_000);
  force.unref();
  stopSweeper();
  await host.close();
  await publisher.stop();
  await stopHeartbeat();
  await closeDb();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
