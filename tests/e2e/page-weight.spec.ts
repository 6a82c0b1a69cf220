import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures';
import { pageWeight } from '../../scripts/bench/pageWeight';

/** Issue 4's budget: the home page ships at most ~80 KB of JavaScript (gzip); a training page no React. */
const HOME_JS_BUDGET_GZIP = 80 * 1024;

test('the published home page stays within its JavaScript budget and a training page ships no script files', async ({
  request,
}) => {
  const client = path.join(process.env.E2E_DATA_DIR!, 'site', 'current', 'client');
  const home = pageWeight(client, '/');
  expect(home.js.gzip).toBeGreaterThan(0);
  expect(home.js.gzip).toBeLessThanOrEqual(HOME_JS_BUDGET_GZIP);
  // Issue 8: the islands' data is at most 1.1 × the listing as plain JSON (the list itself is static HTML).
  const listingJson = Buffer.byteLength(await (await request.get('/api/trainings')).text());
  expect(home.islandPropsBytes).toBeGreaterThan(0);
  expect(home.islandPropsBytes).toBeLessThanOrEqual(1.1 * listingJson);
  const id = fs.readdirSync(path.join(client, 'training'))[0]!;
  const training = pageWeight(client, `/training/${id}`);
  expect(training.jsFiles).toEqual([]);
  console.log(
    `JS gzip: / ${home.js.gzip} B, /training/{id} ${training.js.gzip} B; island props ${home.islandPropsBytes} B, listing JSON ${listingJson} B`,
  );
});
