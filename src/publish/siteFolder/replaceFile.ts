import fs from 'node:fs';
import path from 'node:path';

/** Writes a file without touching the inode a hard link shares with another build. */
export function replaceFile(file: string, body: Buffer | string | readonly Uint8Array[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp-${process.pid}`;
  if (Array.isArray(body)) {
    const fd = fs.openSync(temp, 'w');
    try {
      fs.writevSync(fd, body as Uint8Array[]);
    } finally {
      fs.closeSync(fd);
    }
  } else fs.writeFileSync(temp, body as Buffer | string);
  fs.renameSync(temp, file);
}
