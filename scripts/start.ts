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
const bootBuild = await ensureLiveBuild(paths, log);
const live = liveDir(paths.current);
const host = await Host.create(paths.build(bootBuild), live);
const port = await host.listen(env.port, env.host);

const publisher = new Publisher({
  paths,
  debounceMs: env.rebuildDebounceMs,
  pinned: [bootBuild],
  buildHookUrl: env.buildHookUrl || undefined,
  onPublished: () => live.invalidate(),
  log,
});
// On the embedded database only the process that owns PGlite publishes: a process that joined its
// socket shares PGlite's single backend session, where advisory locks can't tell processes apart.
if (usesExternalDatabase() || (await isEmbeddedOwner())) publisher.start();
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
  await closeDb();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
