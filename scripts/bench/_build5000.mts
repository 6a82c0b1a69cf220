import { benchBuild } from './buildBench';
const r = await benchBuild(Number(process.argv[2] ?? 5000), 3);
console.log(JSON.stringify(r));
process.exit(0);
