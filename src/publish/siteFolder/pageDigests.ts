import path from 'node:path';
import { replaceFile } from './replaceFile';

/** The page digests a build folder keeps: what an in-process build compares to skip unchanged pages. */
export const DIGESTS_FILE = 'page-digests.json';

/** Marks a build as holding no data pages (a code cache's copy, whose pages were removed). */
export function clearDigests(buildDir: string): void {
  replaceFile(path.join(buildDir, DIGESTS_FILE), '[]');
}
