import fs from 'node:fs';
import path from 'node:path';

/** Where a build keeps the fingerprint of the code it was made from. */
export const FINGERPRINT_FILE = 'fingerprint.txt';

/** The fingerprint of the code a build was made from (null for a build without one). */
export function fingerprintOf(buildDir: string): string | null {
  try {
    return fs.readFileSync(path.join(buildDir, FINGERPRINT_FILE), 'utf8');
  } catch {
    return null;
  }
}
