import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Bytes a page makes a browser download from a built site: HTML, CSS and JS, raw and gzip. */
export interface PageWeight {
  html: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
  js: { raw: number; gzip: number };
  jsFiles: string[];
  /** Bytes of data serialised into the page's islands (their `props` attributes, as sent). */
  islandPropsBytes: number;
}

const gz = (b: Buffer) => zlib.gzipSync(b, { level: 9 }).length;

/** Follows script src, module imports of those scripts, and stylesheet links, once each. */
export function pageWeight(clientDir: string, pagePath: string): PageWeight {
  const htmlFile = path.join(clientDir, pagePath.replace(/^\//, ''), pagePath.endsWith('.html') ? '' : 'index.html');
  const html = fs.readFileSync(htmlFile);
  const text = html.toString('utf8');
  const weight: PageWeight = {
    html: { raw: html.length, gzip: gz(html) },
    css: { raw: 0, gzip: 0 },
    js: { raw: 0, gzip: 0 },
    jsFiles: [],
    islandPropsBytes: [...text.matchAll(/<astro-island[^>]*?\sprops="([^"]*)"/g)].reduce(
      (sum, m) => sum + Buffer.byteLength(m[1]!),
      0,
    ),
  };
  for (const m of text.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    const file = fs.readFileSync(path.join(clientDir, m[1]!));
    weight.css.raw += file.length;
    weight.css.gzip += gz(file);
  }
  const seen = new Set<string>();
  const queue = [
    ...[...text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...text.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((m) => m[1]!),
    ...[...text.matchAll(/import\s*\(?["'](\/_astro\/[^"']+\.js)["']/g)].map((m) => m[1]!),
  ];
  while (queue.length) {
    const src = queue.shift()!;
    if (seen.has(src) || !src.startsWith('/')) continue;
    seen.add(src);
    const file = fs.readFileSync(path.join(clientDir, src));
    weight.js.raw += file.length;
    weight.js.gzip += gz(file);
    weight.jsFiles.push(src);
    for (const m of file.toString('utf8').matchAll(/(?:from\s*|import\s*\(?\s*)["']\.\/([\w.-]+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(src), m[1]!));
    }
  }
  return weight;
}
