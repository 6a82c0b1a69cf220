import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { publicEnv, serverEnv } from '../../settings';
import { serverCodeDir } from '../serverCode';

/**
 * A hash of the code a build is made from. At start, a live build with the same fingerprint is
 * served as it is; otherwise the site (and the server code we run) is rebuilt first.
 */
const INPUTS = [
  'src',
  'public',
  'db/migrations',
  'astro.config.mjs',
  'scripts/serverCode.mjs',
  'tailwind.config.mjs',
  'package-lock.json',
];

export function codeFingerprint(root = process.cwd()): string {
  const hash = createHash('sha256');
  const visit = (rel: string) => {
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) visit(path.join(rel, name));
    } else {
      hash.update(rel).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  for (const input of INPUTS) visit(input);
  // Public settings are baked into the pages at build time.
  hash.update(JSON.stringify([serverEnv().siteUrl, publicEnv()]));
  // A build's server bundles import the compiled server code by its path (../serverCode.ts): a build
  // made for other compiled code, or with its own copy (from the sources), is another build.
  hash.update(`\0${serverCodeDir() ?? 'sources'}`);
  return hash.digest('hex');
}
