import { envValue } from './env';
import { PARTNER_INVITE, TEAM_INVITE } from './domain/adminPaths';
import { PARTNER_PASSWORD_RESET, TEAM_PASSWORD_RESET } from './domain/team/passwordReset';

/**
 * Secrets never leave the process in words: the DATABASE_URL and SMTP_URL passwords, the S3 secret
 * key, SECRETS_KEY, the analytics secret and the deploy-hook URL's token are replaced by `***` in every log line, start-up
 * message, publish record and status answer. Each place that writes text out passes it through `redact`.
 */
const MASK = '***';
// A password in any URL's user info: scheme://user:password@host.
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi;
/**
 * The paths whose next segment is a token that is its link's whole authority, which request and
 * error lines name: a team or partner invitation link and its accept call, and a password-reset link
 * (the reset API itself takes the token in the body). One list:
 * src/redact.test.ts walks every route of src/pages and fails for a token route missing here. A
 * member's own record ids (UUIDs) after these prefixes are not tokens and stay readable.
 */
export const TOKEN_PATH_PREFIXES = [
  `${TEAM_INVITE}/`,
  `${PARTNER_INVITE}/`,
  '/api/admin/invitations/',
  `${TEAM_PASSWORD_RESET}/`,
  `${PARTNER_PASSWORD_RESET}/`,
] as const;
const PATH_TOKEN = new RegExp(
  `(${TOKEN_PATH_PREFIXES.map((prefix) => prefix.replace(/[/]/g, '\\/')).join('|')})(?![0-9a-f]{8}-[0-9a-f]{4}-)[A-Za-z0-9_.%~-]{16,}`,
  'g',
);
// A token in a query instead (alert and reminder links' `token`, an upload URL's `sig`).
const QUERY_TOKEN = /([?&](?:token|sig)=)[^&\s"'#]+/g;
// Shorter values would mask ordinary words; URL passwords are masked by pattern whatever their length.
const MIN_SECRET_LENGTH = 4;

/** The secret values of this process's settings, each as written and as decoded. */
export function secretValues(env: NodeJS.ProcessEnv = secretSettings()): string[] {
  const values = new Set<string>();
  const add = (value: string | undefined) => {
    if (!value) return;
    values.add(value);
    try {
      values.add(decodeURIComponent(value));
    } catch {
      // Not percent-encoded: the raw value is enough.
    }
  };
  for (const url of [env.DATABASE_URL, env.SMTP_URL]) {
    if (!url) continue;
    try {
      add(new URL(url).password);
    } catch {
      add(/:\/\/[^:/@]*:([^@]*)@/.exec(url)?.[1]);
    }
  }
  add(env.S3_SECRET_ACCESS_KEY);
  add(env.SECRETS_KEY);
  add(env.ANALYTICS_SECRET);
  if (env.BUILD_HOOK_URL) {
    // The whole URL is the credential: its path after the host and its query hold the token.
    add(env.BUILD_HOOK_URL);
    try {
      const hook = new URL(env.BUILD_HOOK_URL);
      for (const segment of hook.pathname.split('/')) if (segment.length >= 16) add(segment);
      for (const value of hook.searchParams.values()) add(value);
    } catch {
      // An unreadable hook URL is refused by the settings check before anything logs it.
    }
  }
  return [...values].filter((value) => value.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

// The settings that hold a secret, read as written (env.ts): not through the settings' schema, which
// would refuse a malformed one before it could be masked.
const SECRET_SETTINGS = [
  'DATABASE_URL',
  'SMTP_URL',
  'S3_SECRET_ACCESS_KEY',
  'SECRETS_KEY',
  'BUILD_HOOK_URL',
  'ANALYTICS_SECRET',
] as const;

function secretSettings(): NodeJS.ProcessEnv {
  return Object.fromEntries(SECRET_SETTINGS.map((name) => [name, envValue(name)]));
}

let cached: { source: string; secrets: string[] } | undefined;

function currentSecrets(): string[] {
  const settings = secretSettings();
  const source = SECRET_SETTINGS.map((name) => settings[name]).join('\n');
  if (cached?.source !== source) cached = { source, secrets: secretValues(settings) };
  return cached.secrets;
}

/** The text with every secret of this process's settings masked. */
export function redact(text: string, secrets: string[] = currentSecrets()): string {
  let out = text.replace(URL_PASSWORD, `$1${MASK}@`).replace(PATH_TOKEN, `$1${MASK}`).replace(QUERY_TOKEN, `$1${MASK}`);
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
  return out;
}
