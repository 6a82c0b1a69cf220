import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A small file made once in DATA_DIR and read by every process sharing that folder (a secret, an
 * id). Written aside, then hard-linked into place: no process ever reads half a file, and when two
 * processes start together on a new folder the first link wins and both read the same content.
 */
export function readOrCreateFile(file: string, create: () => string, mode = 0o600): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    fs.writeFileSync(temp, create(), { mode });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
