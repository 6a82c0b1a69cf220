/** `npx tsx scripts/bench/save-to-live.ts [N ...]`: prints save → live figures as JSON (default N = 1000). */
import { benchSaveToLive } from './saveToLive';

const sizes = process.argv.slice(2).length ? process.argv.slice(2).map(Number) : [1000];
for (const n of sizes) console.log(JSON.stringify(await benchSaveToLive(n)));
process.exit(0);
