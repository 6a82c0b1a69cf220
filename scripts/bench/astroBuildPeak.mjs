// Runs `astro build` in this process and reports its peak memory (the peak memory of a build).
import { build } from 'astro';

const started = Date.now();
await build({ root: process.cwd(), logLevel: 'error' });
console.log(JSON.stringify({ ms: Date.now() - started, maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) }));
