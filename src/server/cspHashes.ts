import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The build's list of allowed inline scripts, beside its `client/` and `server/` folders. */
export const INLINE_SCRIPT_HASHES_FILE = 'inline-script-hashes.json';

export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hashes recorded when `buildDir` was built; none (no inline script runs) when the list is missing. */
export function readInlineScriptHashes(buildDir: string): string[] {
  try {
    const list: unknown = JSON.parse(fs.readFileSync(path.join(buildDir, INLINE_SCRIPT_HASHES_FILE), 'utf8'));
    return Array.isArray(list)
      ? list.filter((h): h is string => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(h))
      : [];
  } catch {
    return [];
  }
}
