/** `npx tsx scripts/bench/save-to-live.ts [demo|N ...]`: prints save → live figures as JSON. */
import { benchSaveToLive } from './saveToLive';

const sizes = process.argv.slice(2).length ? process.argv.slice(2) : ['demo', '1000'];
for (const size of sizes) {
  const result = await benchSaveToLive(size === 'demo' ? 'demo' : Number(size));
  console.log(JSON.stringify(result));
}
process.exit(0);
