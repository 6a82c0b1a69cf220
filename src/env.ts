import path from 'node:path';

/**
 * Server configuration read from the environment (CONTRACT.md, Environment). Read on each call, not
 * at import, so tests and the publisher's child processes can set variables before use.
 */
export function serverEnv() {
  const port = Number(process.env.PORT || 4321);
  // The default public origin is the address actually served. PORT=0 (any free port, used by tests)
  // is only known after listening, long after the first build: it keeps 4321, set SITE_URL instead.
  const siteUrl = (process.env.SITE_URL || `http://localhost:${port || 4321}`).replace(/\/+$/, '');
  const localSite = /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(siteUrl);
  return {
    host: process.env.HOST || '127.0.0.1',
    port,
    siteUrl,
    databaseUrl: process.env.DATABASE_URL || '',
    dataDir: path.resolve(process.env.DATA_DIR || './data'),
    adminEmail: process.env.ADMIN_EMAIL || '',
    adminPassword: process.env.ADMIN_PASSWORD || '',
    seedDemo: process.env.SEED_DEMO,
    buildHookUrl: process.env.BUILD_HOOK_URL || '',
    rebuildDebounceMs: Number(process.env.REBUILD_DEBOUNCE_MS ?? 1000),
    /** Proxies trusted to name the client in X-Forwarded-For (src/server/clientAddress.ts). */
    trustProxy: process.env.TRUST_PROXY || '',
    logLevel: process.env.LOG_LEVEL || 'info',
    /** Deploy-hook mode's quiet period (a hook costs CDN build minutes); see publish/policy.ts for its bounds. */
    buildHookDebounceMs: process.env.BUILD_HOOK_DEBOUNCE_MS ? Number(process.env.BUILD_HOOK_DEBOUNCE_MS) : undefined,
    secureCookie: process.env.SESSION_SECURE_COOKIE ? process.env.SESSION_SECURE_COOKIE === '1' : !localSite,
  };
}

/** Trainer photo storage (CONTRACT.md, S3_*): an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function storageEnv() {
  const bucket = process.env.S3_BUCKET || '';
  const { dataDir, databaseUrl } = serverEnv();
  return {
    uploadsDir: path.join(dataDir, 'uploads'),
    /** Without a bucket, photos live where every instance reads them: the PostgreSQL server, when there is one. PHOTO_STORE=disk keeps them in DATA_DIR/uploads. */
    inDatabase: !bucket && Boolean(databaseUrl) && process.env.PHOTO_STORE !== 'disk',
    s3: bucket
      ? {
          endpoint: (process.env.S3_ENDPOINT || '').replace(/\/+$/, ''),
          bucket,
          region: process.env.S3_REGION || 'us-east-1',
          accessKeyId: process.env.S3_ACCESS_KEY_ID || '',
          secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || '',
          publicUrl: (process.env.S3_PUBLIC_URL || '').replace(/\/+$/, ''),
        }
      : null,
  };
}

/** Public settings baked into the static pages at build time (links in header, footer, partner and legal pages). */
export function publicEnv() {
  return {
    statsWidgetUrl: (process.env.PUBLIC_STATS_WIDGET_URL || '').replace(/\/+$/, ''),
    parentSiteUrl: process.env.PUBLIC_PARENT_SITE_URL || 'https://emdrtraining.example.com',
    supportEmail: process.env.PUBLIC_SUPPORT_EMAIL || 'support@emdrtraining.example.com',
    partnerFormUrl: process.env.PUBLIC_PARTNER_FORM_URL || 'https://forms.example.com/emdr-founding-partner',
  };
}
