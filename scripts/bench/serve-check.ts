import { withSite } from './siteServer';
import { findWrk, pinToCore, wrkLoad } from './wrk';
const wrk = findWrk()!;
await withSite(100, {}, async ({ server }) => {
  pinToCore(server.child.pid!);
  await wrkLoad(wrk, `${server.url}/`, 2);
  for (let i = 0; i < 3; i++) console.log((await wrkLoad(wrk, `${server.url}/`, 4)).requestsPerSecond);
});
process.exit(0);
