import path from 'node:path';

/**
 * One spelling per file of the public site. A path is plain when it has no percent-encoding, no
 * empty segment and no `.`/`..` segment; anything else is either a redirect to its plain form or a
 * miss, so the server never does work (or keeps memory) per spelling.
 */
export function isPlainPath(urlPath: string): boolean {
  return (
    urlPath.charCodeAt(0) === 47 /* / */ &&
    urlPath.indexOf('%') === -1 &&
    urlPath.indexOf('//') === -1 &&
    urlPath.indexOf('/.') === -1 &&
    urlPath.indexOf('\\') === -1
  );
}

/** The plain form of a path (decoded, dot segments and repeated slashes removed), or null when it has none. */
export function canonicalPath(urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const normal = path.posix.normalize(`/${decoded}`).replace(/^\/+/, '/');
  if (normal.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  const encoded = encodeURI(normal);
  return isPlainPath(encoded) ? encoded : null;
}
