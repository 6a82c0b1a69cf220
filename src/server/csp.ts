import path from 'node:path';
import { publicEnv, storageEnv } from '../settings';
import { readInlineScriptHashes } from './cspHashes';
import { pagePolicy, type CspOrigins } from './cspPolicy';

function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The origins the settings add to page policies (cspPolicy.ts): the stats widget and an S3 bucket. */
export function cspOrigins(): CspOrigins {
  const s3 = storageEnv().s3;
  return {
    widget: origin(publicEnv().statsWidgetUrl),
    bucket: [origin(s3?.endpoint), origin(s3?.publicUrl)].filter((o): o is string => Boolean(o)),
  };
}

export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  return pagePolicy(scriptHashes, cspOrigins());
}

/** The policy for every HTML page of the build in `buildDir` (the folder holding `client/`). */
export function pageCspForBuild(buildDir: string): string {
  return contentSecurityPolicy(readInlineScriptHashes(buildDir));
}

/** The policy for the CDN's `_headers`: the same as the host's for this build's pages. */
export function cspForSite(clientDir: string): string {
  return pageCspForBuild(path.dirname(clientDir));
}
