import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures';
import { pageWeight } from '../../scripts/bench/pageWeight';

/** Issue 4's budget: the home page ships at most ~80 KB of JavaScript (gzip); a training page no React. */
const HOME_JS_BUDGET_GZIP = 80 * 1024;

test('the published home page stays within its JavaScript budget and a training page ships no script files', () => {
  const client = path.join(process.env.E2E_DATA_DIR!, 'site', 'current', 'client');
  const home = pageWeight(client, '/');
  expect(home.js.gzip).toBeGreaterThan(0);
  expect(home.js.gzip).toBeLessThanOrEqual(HOME_JS_BUDGET_GZIP);
  const id = fs.readdirSync(path.join(client, 'training'))[0]!;
  const training = pageWeight(client, `/training/${id}`);
  expect(training.jsFiles).toEqual([]);
  console.log(`JS gzip: / ${home.js.gzip} B, /training/{id} ${training.js.gzip} B`);
});
