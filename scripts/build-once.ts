/** `npm run build`: migrates, then builds and publishes the site into DATA_DIR once, without serving. */
import { serverEnv } from '../src/settings';
import { closeDb, getSql } from '../src/data/database/db';
import { migrate } from '../src/data/database/migrate';
import { sitePaths, ensureLiveBuild, siteIdentity } from '../src/publish';
import { newInstanceId } from '../src/app/heartbeat';

await migrate(await getSql());
const paths = sitePaths(serverEnv().dataDir);
const builder = { siteId: siteIdentity(paths), instanceId: newInstanceId(), paths };
const id = await ensureLiveBuild(builder, (m) => console.log(m));
console.log(`Live build: ${id}`);
await closeDb();
