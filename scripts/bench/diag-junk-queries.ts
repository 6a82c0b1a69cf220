/**
 * `npx tsx scripts/bench/diag-junk-queries.ts [N]`: the junk-query figures of `npm run bench`
 * (junkQueries.ts) at one size, default N = 5000: the process tree's growth under 100 readers of
 * `/api/trainings?x={i}` that never read, and the time of `?x={i}` requests against plain ones.
 */
import { withSite } from './siteServer';
import { junkQueryFigures } from './junkQueries';

const n = Number(process.argv[2] ?? 5000);
const figures = await withSite(n, {}, ({ server }) => junkQueryFigures(server.url, server.child.pid!));
console.log(JSON.stringify({ n, ...figures }));
process.exit(0);
