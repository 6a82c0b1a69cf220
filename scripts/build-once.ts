/** `npm run build`: migrates, then builds and publishes the site into DATA_DIR once, without serving. */
import { serverEnv } from '../src/env';
import { closeDb, getSql } from '../src/data/db';
import { migrate } from '../src/data/migrate';
import { sitePaths } from '../src/publish/paths';
import { ensureLiveBuild } from '../src/publish/boot';

await migrate(await getSql());
const id = await ensureLiveBuild(sitePaths(serverEnv().dataDir), (m) => console.log(m));
console.log(`Live build: ${id}`);
await closeDb();
