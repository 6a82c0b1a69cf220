/** `npm run migrate`: applies pending migrations to DATABASE_URL's server or the embedded database. */
import { closeDb, getSql } from '../src/data/database/db';
import { migrate } from '../src/data/database/migrate';

const applied = await migrate(await getSql());
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
await closeDb();
