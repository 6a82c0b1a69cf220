/**
 * CDN build (netlify.toml): snapshot the production database (DATABASE_URL), build the static site
 * into dist/, check it, and write the proxy rules and headers generated from the host's route and
 * header tables, sending every on-demand route to the API origin (API_ORIGIN), where `npm start`
 * runs with BUILD_HOOK_URL pointing at this site's hook.
 */
import fs from 'node:fs';
import path from 'node:path';
import { closeDb } from '../src/data/database/db';
import { takeSnapshot, runAstroBuild, checkBuild } from '../src/publish';
import { netlifyHeaders, netlifyRedirects } from '../src/server/netlifyRules';
import { cspForSite } from '../src/server/csp';
import type { SiteData } from '../src/domain/siteData';

const apiOrigin = process.env.API_ORIGIN?.replace(/\/+$/, '');
if (!process.env.DATABASE_URL || !apiOrigin) {
  console.error('build:netlify needs DATABASE_URL (the production database) and API_ORIGIN (where npm start runs).');
  process.exit(2);
}
const outDir = path.resolve('dist');
const dataFile = path.resolve('dist-site-data.json');
fs.writeFileSync(dataFile, JSON.stringify(await takeSnapshot()));
await closeDb();
const result = await runAstroBuild({
  outDir,
  dataFile,
  cacheDir: path.resolve('node_modules/.astro'),
  logFile: path.resolve('dist-build.log'),
});
if (!result.ok) {
  console.error(result.log);
  process.exit(1);
}
const client = path.join(outDir, 'client');
const problems = checkBuild(client, JSON.parse(fs.readFileSync(dataFile, 'utf8')));
if (problems.length) {
  console.error(`Build rejected:\n${problems.join('\n')}`);
  process.exit(1);
}
const { trainerRedirects } = JSON.parse(fs.readFileSync(dataFile, 'utf8')) as SiteData;
fs.writeFileSync(path.join(client, '_redirects'), netlifyRedirects(apiOrigin, trainerRedirects));
fs.writeFileSync(path.join(client, '_headers'), netlifyHeaders(cspForSite(client)));
console.log(`Built ${client} (${result.rendered} pages rendered, ${result.restored} restored).`);
