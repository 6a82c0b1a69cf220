import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { masterKey } from '../../data/secrets/secretsKey';
import { secretsEnv } from '../../settings';

/**
 * What makes a code cache entry trusted (docs/decisions/0036-code-cache-trust.md): the code it
 * holds is run as this server, so a start loads it only when it can prove the entry is one a start
 * of this operator made. The folders are this user's and writable by nobody else, every file is a
 * plain file of this user's that nobody else may write, and every file's SHA-256 is in a manifest
 * sealed with an HMAC under a key derived from the secrets key (SECRETS_KEY, or DATA_DIR/secrets.key),
 * which never lies in the cache. Kept files are made read-only, for every hard link to them.
 */
export const MANIFEST_FILE = 'cache-manifest.json';
export const SEAL_FILE = 'cache-manifest.seal';

/** The key the manifests are sealed with: the secrets key's, for this use alone. */
export async function codeCacheKey(): Promise<Buffer> {
  return createHmac('sha256', await masterKey(secretsEnv()))
    .update('emdr code cache manifest v1')
    .digest();
}

/** A name for the entries this key seals: starts with another key never look at them. */
export const keyTag = (key: Buffer): string =>
  createHmac('sha256', key).update('entry name').digest('hex').slice(0, 12);

/** Why a folder or file may not be trusted, or null: another's, or writable by group or others. */
export function ownershipProblem(stat: fs.Stats, uid: number): string | null {
  if (stat.uid !== uid) return `it belongs to user ${stat.uid}, not ${uid}`;
  if ((stat.mode & 0o022) !== 0) return `it is writable by ${stat.mode & 0o020 ? 'its group' : 'other users'}`;
  return null;
}

/** This process's user; 0 where there are no users (Windows), as Node reports them there. */
export const serverUid = (): number => process.getuid?.() ?? 0;

/** Every file below `root` by relative path (POSIX separators), and why the tree may not be trusted. */
function walk(root: string, uid: number): { files: string[]; problem: string | null } {
  const files: string[] = [];
  const visit = (rel: string): string | null => {
    const full = path.join(root, rel);
    const stat = fs.lstatSync(full);
    const what = rel || 'the entry';
    if (stat.isSymbolicLink()) return `${what} is a symbolic link`;
    const owned = ownershipProblem(stat, uid);
    if (owned) return `${what}: ${owned}`;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        const problem = visit(rel ? `${rel}/${name}` : name);
        if (problem) return problem;
      }
      return null;
    }
    if (!stat.isFile()) return `${what} is not a plain file`;
    if (rel !== SEAL_FILE && rel !== MANIFEST_FILE) files.push(rel);
    return null;
  };
  return { files, problem: visit('') };
}

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const sealOf = (key: Buffer, manifest: Buffer) => createHmac('sha256', key).update(manifest).digest();

interface Manifest {
  fingerprint: string;
  files: Record<string, string>;
}

/** Writes the sealed manifest of `dir`, then makes its files read-only (the seal last of all). */
export function sealEntry(dir: string, fingerprint: string, key: Buffer): void {
  const { files, problem } = walk(dir, serverUid());
  if (problem) throw new Error(`the kept build cannot be sealed: ${problem}`);
  const manifest: Manifest = {
    fingerprint,
    files: Object.fromEntries(files.map((f) => [f, sha256(path.join(dir, f))])),
  };
  const bytes = Buffer.from(JSON.stringify(manifest));
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), bytes, { mode: 0o444 });
  for (const file of files) fs.chmodSync(path.join(dir, file), 0o444);
  fs.writeFileSync(path.join(dir, SEAL_FILE), sealOf(key, bytes).toString('hex'), { mode: 0o444 });
}

/**
 * Why the entry `dir` of the cache folder `cacheDir` may not be loaded, or null when it is the
 * one a start with this key made for this fingerprint, unchanged. Checked on every load.
 */
export function entryProblem(cacheDir: string, dir: string, fingerprint: string, key: Buffer): string | null {
  const uid = serverUid();
  try {
    const folder = fs.lstatSync(cacheDir);
    if (!folder.isDirectory()) return 'BUILD_CACHE_DIR is not a folder';
    const owned = ownershipProblem(folder, uid);
    if (owned) return `BUILD_CACHE_DIR: ${owned}`;
    const { files, problem } = walk(dir, uid);
    if (problem) return problem;
    const bytes = fs.readFileSync(path.join(dir, MANIFEST_FILE));
    const seal = Buffer.from(fs.readFileSync(path.join(dir, SEAL_FILE), 'utf8').trim(), 'hex');
    const expected = sealOf(key, bytes);
    if (seal.length !== expected.length || !timingSafeEqual(seal, expected))
      return 'its manifest is not sealed with this server’s key';
    const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
    if (manifest.fingerprint !== fingerprint) return 'its manifest is of other code';
    const listed = Object.keys(manifest.files).sort();
    if (listed.join('\n') !== [...files].sort().join('\n')) return 'its files are not the ones its manifest lists';
    const changed = files.find((file) => sha256(path.join(dir, file)) !== manifest.files[file]);
    return changed ? `${changed} is not the file its manifest holds` : null;
  } catch (error) {
    return (error as Error).message;
  }
}
