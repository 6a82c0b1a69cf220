import path from 'node:path';

/** Where published builds live under DATA_DIR (README.md). */
export function sitePaths(dataDir: string) {
  const root = path.join(dataDir, 'site');
  return {
    root,
    builds: path.join(root, 'builds'),
    current: path.join(root, 'current'),
    cache: path.join(root, 'cache'),
    /** Brotli and gzip copies of the published files, by content hash (src/server/compressedCopies.ts). */
    compressed: path.join(root, 'compressed'),
    build: (id: string) => path.join(root, 'builds', id),
    input: (id: string) => path.join(root, 'builds', `${id}.input.json`),
    log: (id: string) => path.join(root, 'builds', `${id}.log`),
  };
}

export type SitePaths = ReturnType<typeof sitePaths>;

let made = 0;

/** A new build's folder name: its time first, so names sort by age; the process and a count keep it unique. */
export function newBuildId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.TZ]/g, '')}-${process.pid}-${++made}`;
}

/** Astro's file for a path in the directory format: /x → x/index.html, /404 → 404.html, endpoints as named. */
export function outputFile(pathname: string, endpoint: boolean): string {
  if (endpoint) return pathname.slice(1);
  if (pathname === '/') return 'index.html';
  if (/^\/(404|500)$/.test(pathname)) return `${pathname.slice(1)}.html`;
  return `${pathname.slice(1)}/index.html`;
}
