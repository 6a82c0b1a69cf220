/**
 * Load test: 50 connections for 20 s on `/`, a training page and `/api/trainings?state=CA`
 * (127.0.0.1 only, bounded) while trainings are saved and the site is rebuilt. Prints JSON figures;
 * exits 1 if any request failed.
 */
import fs from 'node:fs';
import { closeDb } from '../../src/data/database/db';
import * as trainings from '../../src/data/trainings';
import { startServer, tempDir } from '../../tests/support/server';
import { publishedCount } from '../../tests/support/builds';
import { load } from './http';

const dataDir = tempDir('emdr-load-');
const server = await startServer({ dataDir, env: { SEED_DEMO: '1', REBUILD_DEBOUNCE_MS: '1000' }, buildCache: false });
process.env.DATA_DIR = dataDir;
process.env.DATABASE_URL = '';
const [first] = await trainings.listAll();
const buildsBefore = await publishedCount(dataDir);

let saves = 0;
const saver = setInterval(() => {
  saves++;
  void trainings.update(first!.id, { title: `Load test edit ${saves}` });
}, 3000);
const figures = await load(server.url, 20, 50, ['/', `/training/${first!.id}`, '/api/trainings?state=CA']);
clearInterval(saver);
const builds = (await publishedCount(dataDir)) - buildsBefore;

await closeDb();
await server.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ ...figures, saves, buildsDuringRun: builds }));
process.exit(figures.errors === 0 && figures.non2xx === 0 ? 0 : 1);
