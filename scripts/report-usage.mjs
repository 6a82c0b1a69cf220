// Preloaded into the `astro build` child (src/publish/builder/astroBuild.ts): at exit it writes the process's
// own CPU time and peak memory to file descriptor 3, a pipe the publisher reads, so a full build's
// cost is recorded like an in-process publish's.
import fs from 'node:fs';

process.on('exit', () => {
  try {
    fs.writeSync(3, JSON.stringify(process.resourceUsage()));
  } catch {
    // Started without the pipe (by hand): nothing to report to.
  }
});
