import path from 'node:path';
import { z } from 'zod';
import { envCopy, envValue } from './env';
import { LOG_LEVELS } from './logLevel';

/**
 * Every environment variable the product reads (README, Configuration), in one schema. Read at call
 * time, not at import, so tests and the publisher's child processes can set variables before use;
 * an unchanged environment answers from a memo, so a call on a hot path costs a few string reads.
 * A bad value stops the start with one sentence per variable (EnvError), never a stack trace.
 *
 * The values come from env.ts, the one reader of the environment; the static front, the logger and
 * the redactor read theirs there too, without loading this schema (docs/decisions/0017-static-front.md).
 */
export class EnvError extends Error {}

const KEYS = [
  'HOST',
  'PORT',
  'SITE_URL',
  'PASSKEY_ORIGINS',
  'DATABASE_URL',
  'DATA_DIR',
  'BUILD_CACHE_DIR',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SEED_DEMO',
  'BUILD_HOOK_URL',
  'REBUILD_DEBOUNCE_MS',
  'BUILD_HOOK_DEBOUNCE_MS',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'SESSION_SECURE_COOKIE',
  'STATIC_FRONT',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PUBLIC_URL',
  'PHOTO_STORE',
  'PUBLIC_STATS_WIDGET_URL',
  'PUBLIC_PARENT_SITE_URL',
  'PUBLIC_SUPPORT_EMAIL',
  'PUBLIC_PARTNER_FORM_URL',
  'SITE_DATA_FILE',
  'SMTP_URL',
  'MAIL_FROM',
  'MAIL_POLL_MS',
  'MAIL_RETRY_BASE_MS',
  'SITE_TIME_ZONE',
  'SECRETS_KEY',
  'ANALYTICS_SECRET',
  'LINK_CHECK_ALLOW_LOOPBACK',
] as const;

const text = z.string().trim().optional();

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
const withoutTrailingSlash = (value: string) => value.replace(/\/+$/, '');

/**
 * A secrets key as written in SECRETS_KEY or DATA_DIR/secrets.key: 64 hex digits, or base64 /
 * base64url (`openssl rand -base64 32`), of at least 32 bytes. Null when it is neither.
 */
export function decodeSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64,}$/i.test(value) && value.length % 2 === 0) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length >= 32 ? bytes : null;
}

function wholeNumber(name: string, max: number, example: string) {
  return text.refine((v) => !v || (/^\d+$/.test(v) && Number(v) <= max), {
    error: `${name} must be a whole number from 0 to ${max}, e.g. ${name}=${example}`,
  });
}

function httpUrl(name: string, example: string) {
  return text.refine((v) => !v || /^https?:\/\/[^\s/]+/i.test(v), {
    error: `${name} must be an http:// or https:// address, e.g. ${name}=${example}`,
  });
}

/** PASSKEY_ORIGINS, split: each item an http(s) origin (no path), compared as URL.origin. */
export function listedOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const isOrigin = (item: string) => /^https?:\/\/[^\s/]+$/i.test(item) && URL.canParse(item);

const isLocalSite = (siteUrl: string) => /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(siteUrl);

const EnvSchema = z
  .object({
    HOST: text,
    PORT: wholeNumber('PORT', 65_535, '8080'),
    SITE_URL: httpUrl('SITE_URL', 'https://emdr.example.com'),
    PASSKEY_ORIGINS: text.refine((v) => listedOrigins(v).every(isOrigin), {
      error:
        'PASSKEY_ORIGINS must be a comma-separated list of http:// or https:// origins without a path, e.g. PASSKEY_ORIGINS=https://admin.emdr.example.com',
    }),
    DATABASE_URL: text.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), {
      error: 'DATABASE_URL must be a postgres:// address, e.g. DATABASE_URL=postgres://user:pass@db:5432/emdr',
    }),
    DATA_DIR: text,
    BUILD_CACHE_DIR: text,
    ADMIN_EMAIL: text,
    ADMIN_PASSWORD: z.string().optional(),
    SEED_DEMO: text.refine((v) => !v || v === '0' || v === '1', { error: 'SEED_DEMO must be 0 or 1' }),
    BUILD_HOOK_URL: httpUrl('BUILD_HOOK_URL', 'https://api.netlify.com/build_hooks/abc'),
    REBUILD_DEBOUNCE_MS: wholeNumber('REBUILD_DEBOUNCE_MS', 3_600_000, '1000'),
    BUILD_HOOK_DEBOUNCE_MS: wholeNumber('BUILD_HOOK_DEBOUNCE_MS', 3_600_000, '30000'),
    TRUST_PROXY: text,
    LOG_LEVEL: text.refine((v) => !v || (LOG_LEVELS as readonly string[]).includes(v), {
      error: 'LOG_LEVEL must be one of debug, info, warn, error',
    }),
    STATIC_FRONT: text.refine((v) => !v || v === '0' || v === '1', { error: 'STATIC_FRONT must be 0 or 1' }),
    SESSION_SECURE_COOKIE: text.refine((v) => !v || v === '0' || v === '1', {
      error: 'SESSION_SECURE_COOKIE must be 0 or 1',
    }),
    S3_ENDPOINT: text,
    S3_BUCKET: text,
    S3_REGION: text,
    S3_ACCESS_KEY_ID: text,
    S3_SECRET_ACCESS_KEY: text,
    S3_PUBLIC_URL: text,
    PHOTO_STORE: text,
    PUBLIC_STATS_WIDGET_URL: text,
    PUBLIC_PARENT_SITE_URL: text,
    PUBLIC_SUPPORT_EMAIL: text,
    PUBLIC_PARTNER_FORM_URL: text,
    /** Set by the publisher for its build processes: the snapshot of the database the pages are made from. */
    SITE_DATA_FILE: text,
    SMTP_URL: text.refine((v) => !v || /^smtps?:\/\/[^\s/]+/i.test(v), {
      error: 'SMTP_URL must be an smtp:// or smtps:// address, e.g. SMTP_URL=smtp://user:pass@mail.example.com:587',
    }),
    MAIL_FROM: text,
    MAIL_POLL_MS: text.refine((v) => !v || (/^\d+$/.test(v) && Number(v) >= 50), {
      error: 'MAIL_POLL_MS must be a whole number of milliseconds, at least 50, e.g. MAIL_POLL_MS=30000',
    }),
    MAIL_RETRY_BASE_MS: text.refine((v) => !v || (/^\d+$/.test(v) && Number(v) >= 10), {
      error: 'MAIL_RETRY_BASE_MS must be a whole number of milliseconds, at least 10, e.g. MAIL_RETRY_BASE_MS=1000',
    }),
    SITE_TIME_ZONE: text.refine((v) => !v || isTimeZone(v), {
      error: 'SITE_TIME_ZONE must be an IANA time zone, e.g. SITE_TIME_ZONE=America/New_York',
    }),
    SECRETS_KEY: text.refine((v) => !v || decodeSecretsKey(v) !== null, {
      error:
        'SECRETS_KEY must be at least 32 random bytes as 64 hex digits or base64, e.g. the output of `openssl rand -base64 32`',
    }),
    ANALYTICS_SECRET: z
      .string()
      .optional()
      .refine((v) => !v || v.length >= 32, {
        error: 'ANALYTICS_SECRET must be at least 32 characters, e.g. ANALYTICS_SECRET=$(openssl rand -base64 32)',
      }),
    /**
     * TESTS ONLY: lets the link checker reach 127.0.0.0/8 and ::1, where tests run their servers. A site
     * with a public SITE_URL refuses to start with it, so production never checks links on loopback.
     */
    LINK_CHECK_ALLOW_LOOPBACK: text.refine((v) => !v || v === '0' || v === '1', {
      error: 'LINK_CHECK_ALLOW_LOOPBACK must be 0 or 1',
    }),
  })
  .refine(
    (env) =>
      env.LINK_CHECK_ALLOW_LOOPBACK !== '1' ||
      isLocalSite(withoutTrailingSlash(env.SITE_URL || 'http://localhost:4321')),
    {
      error:
        'LINK_CHECK_ALLOW_LOOPBACK=1 is for tests only: a site whose SITE_URL is not http://localhost or http://127.0.0.1 refuses it',
    },
  );
type RawEnv = z.output<typeof EnvSchema>;

let memo: { key: string; raw: RawEnv } | undefined;

function rawEnv(): RawEnv {
  const values = KEYS.map((k) => envValue(k));
  const key = JSON.stringify(values);
  if (memo?.key === key) return memo.raw;
  const result = EnvSchema.safeParse(Object.fromEntries(KEYS.map((k, i) => [k, values[i] || undefined])));
  if (!result.success) throw new EnvError(result.error.issues.map((issue) => issue.message).join('\n'));
  memo = { key, raw: result.data };
  return result.data;
}

export function serverEnv() {
  const env = rawEnv();
  const port = Number(env.PORT || 4321);
  // The default public origin is the address actually served. PORT=0 (any free port, used by tests)
  // is only known after listening, long after the first build: it keeps 4321, set SITE_URL instead.
  const siteUrl = withoutTrailingSlash(env.SITE_URL || `http://localhost:${port || 4321}`);
  const localSite = isLocalSite(siteUrl);
  return {
    host: env.HOST || '127.0.0.1',
    port,
    siteUrl,
    /** SITE_URL was set; else siteUrl follows PORT, and with PORT=0 the served port is known only after listening. */
    siteUrlGiven: Boolean(env.SITE_URL),
    databaseUrl: env.DATABASE_URL || '',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    /** Builds of this code kept for starts in other DATA_DIRs (src/publish/siteFolder/codeCache.ts); '' keeps none. */
    buildCacheDir: env.BUILD_CACHE_DIR ? path.resolve(env.BUILD_CACHE_DIR) : '',
    adminEmail: env.ADMIN_EMAIL || '',
    adminPassword: env.ADMIN_PASSWORD || '',
    seedDemo: env.SEED_DEMO,
    buildHookUrl: env.BUILD_HOOK_URL || '',
    rebuildDebounceMs: Number(env.REBUILD_DEBOUNCE_MS ?? 1000),
    /** Proxies trusted to name the client in X-Forwarded-For (src/server/clientAddress.ts). */
    trustProxy: env.TRUST_PROXY || '',
    logLevel: env.LOG_LEVEL || 'info',
    /** Deploy-hook mode's quiet period (a hook costs CDN build minutes); see publish/policy.ts for its bounds. */
    buildHookDebounceMs: env.BUILD_HOOK_DEBOUNCE_MS ? Number(env.BUILD_HOOK_DEBOUNCE_MS) : undefined,
    secureCookie: env.SESSION_SECURE_COOKIE ? env.SESSION_SECURE_COOKIE === '1' : !localSite,
    /** Static files from a process of their own in front of this one (docs/decisions/0017-static-front.md). */
    staticFront: env.STATIC_FRONT !== '0',
    /**
     * What every instance derives the day's key of the listing counts' hashes from; unset, each
     * process keeps a random key of its own (docs/decisions/0020-listing-analytics.md).
     */
    analyticsSecret: env.ANALYTICS_SECRET || '',
  };
}

/**
 * Passkeys (docs/decisions/0021-step-up.md): the relying party is SITE_URL's host name, and the
 * origins a browser may have signed for are SITE_URL's plus PASSKEY_ORIGINS, never the address a
 * request came to. Each listed origin must be on that host or below it, or no browser could use a
 * passkey there (WebAuthn's RP ID is a registrable suffix of the page's host).
 */
export function passkeyEnv(): { rpId: string; origins: string[] } {
  const { siteUrl } = serverEnv();
  const site = new URL(siteUrl);
  const extra = listedOrigins(rawEnv().PASSKEY_ORIGINS).map((item) => new URL(item));
  const outside = extra.find((url) => url.hostname !== site.hostname && !url.hostname.endsWith(`.${site.hostname}`));
  if (outside) {
    throw new EnvError(
      `PASSKEY_ORIGINS: ${outside.origin} is not on ${site.hostname} (SITE_URL's host) or below it, so passkeys cannot be used there`,
    );
  }
  return { rpId: site.hostname, origins: [...new Set([site.origin, ...extra.map((url) => url.origin)])] };
}

/** Trainer photo storage: an S3-compatible bucket when S3_BUCKET is set, else the database or DATA_DIR/uploads. */
export function storageEnv() {
  const env = rawEnv();
  const bucket = env.S3_BUCKET || '';
  const { dataDir, databaseUrl } = serverEnv();
  return {
    uploadsDir: path.join(dataDir, 'uploads'),
    /** Without a bucket, photos live where every instance reads them: the PostgreSQL server, when there is one. PHOTO_STORE=disk keeps them in DATA_DIR/uploads. */
    inDatabase: !bucket && Boolean(databaseUrl) && env.PHOTO_STORE !== 'disk',
    s3: bucket
      ? {
          endpoint: withoutTrailingSlash(env.S3_ENDPOINT || ''),
          bucket,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || '',
          publicUrl: withoutTrailingSlash(env.S3_PUBLIC_URL || ''),
        }
      : null,
  };
}

/** Public settings baked into the static pages at build time (links in header, footer, partner and legal pages). */
export function publicEnv() {
  const env = rawEnv();
  return {
    statsWidgetUrl: withoutTrailingSlash(env.PUBLIC_STATS_WIDGET_URL || ''),
    parentSiteUrl: env.PUBLIC_PARENT_SITE_URL || 'https://emdrtraining.example.com',
    supportEmail: env.PUBLIC_SUPPORT_EMAIL || 'support@emdrtraining.example.com',
    partnerFormUrl: env.PUBLIC_PARTNER_FORM_URL || 'https://forms.example.com/emdr-founding-partner',
  };
}

/**
 * Mail (docs/product.md, Alerts): an SMTP server when SMTP_URL is set, else .eml files in
 * DATA_DIR/outbox. Digests go out at 07:00 in SITE_TIME_ZONE.
 */
export function mailEnv() {
  const env = rawEnv();
  const { dataDir, siteUrl } = serverEnv();
  return {
    smtpUrl: env.SMTP_URL || '',
    from: env.MAIL_FROM || `EMDR Training <alerts@${new URL(siteUrl).hostname}>`,
    outboxDir: path.join(dataDir, 'outbox'),
    /** How often the mail sender looks for due mail besides its wake-ups (docs/decisions/0038-mail-outbox.md). */
    pollMs: Number(env.MAIL_POLL_MS || 30_000),
    /** The wait before a mail's second attempt; each later wait is five times the one before. */
    retryBaseMs: Number(env.MAIL_RETRY_BASE_MS || 1_000),
    siteTimeZone: env.SITE_TIME_ZONE || 'America/New_York',
  };
}

/**
 * The key that seals two-factor secrets at rest (README.md, "Secrets at rest";
 * docs/decisions/0019-secrets-at-rest.md): SECRETS_KEY, which every instance on one database must
 * share, or else a key file made in DATA_DIR on first use (one instance, or several on one DATA_DIR).
 */
export function secretsEnv() {
  const env = rawEnv();
  const { dataDir, databaseUrl } = serverEnv();
  return {
    key: env.SECRETS_KEY ? decodeSecretsKey(env.SECRETS_KEY) : null,
    keyFile: path.join(dataDir, 'secrets.key'),
    externalDatabase: Boolean(databaseUrl),
  };
}

/**
 * The link checker (docs/product.md, Trust): a User-Agent that names the site and where it explains
 * itself, and whether loopback may be reached (tests only, refused above for a public site).
 */
export function linkCheckEnv() {
  const { siteUrl } = serverEnv();
  return {
    userAgent: `EMDR-Training-Link-Check/1.0 (+${siteUrl}/how-it-works)`,
    allowLoopback: rawEnv().LINK_CHECK_ALLOW_LOOPBACK === '1',
  };
}

/** The database snapshot a build renders from (set by the publisher for its build processes), or null. */
export function siteDataFile(): string | null {
  return rawEnv().SITE_DATA_FILE || null;
}

/**
 * The environment of a child process this one starts (the build, the static front): everything this
 * process has, so the child reads the same settings, plus the child's own. SITE_URL is always
 * written out: its default follows PORT here, but astro.config.mjs reads SITE_URL alone, so a build
 * must be told the address the banner prints and the build's fingerprint holds.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...envCopy(), SITE_URL: envValue('SITE_URL') || serverEnv().siteUrl, ...extra };
}
