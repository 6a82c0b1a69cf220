import { redact } from '../redact';

/**
 * An SMTP failure as it is stored in the mail log and shown on the admin dashboard (docs/security.md,
 * point 10). A mail server's answer or a connection error can name the SMTP_URL itself, its user
 * and password, a recipient's address (which the dashboard never shows) or a link with a token, so:
 * - the SMTP_URL and its password (as written and decoded) become `***`;
 * - any `user:password@` (in a URL or bare) keeps the user and loses the password (src/redact.ts,
 *   which also masks the other settings' secrets);
 * - an email address keeps only its domain: `***@example.com`;
 * - a URL keeps its scheme and host only, never its user: `https://postmaster.example/…`.
 * The host and port of a refused or unanswered connection stay: they say what to fix.
 */
const MASK = '***';
const BARE_PASSWORD = /(^|[\s<("'=])([^\s:/@<>()"']+:)[^\s@/<>()"']+@(?=[^\s@])/g;
const URL_PARTS = /\b([a-z][a-z0-9+.-]*:\/\/)(?:[^\s/@]*@)?([^\s/?#<>"')]+)([^\s<>"')]*)/gi;
const EMAIL_LOCAL_PART = /[^\s<>()"':;,@]+@(?=[a-z0-9-]+(?:\.[a-z0-9-]+)+)/gi;

export function maskMailError(text: string, smtpUrl: string): string {
  let out = text;
  for (const secret of smtpSecrets(smtpUrl)) out = out.split(secret).join(MASK);
  out = redact(out).replace(BARE_PASSWORD, `$1$2${MASK}@`);
  out = out.replace(URL_PARTS, (_url, scheme: string, host: string, rest: string) =>
    rest ? `${scheme}${host}/…` : `${scheme}${host}`,
  );
  return out.replace(EMAIL_LOCAL_PART, `${MASK}@`);
}

/** The SMTP_URL and its password, as written and decoded, longest first. */
function smtpSecrets(smtpUrl: string): string[] {
  if (!smtpUrl) return [];
  const values = new Set([smtpUrl]);
  try {
    const url = new URL(smtpUrl);
    if (url.password) {
      values.add(url.password);
      values.add(decodeURIComponent(url.password));
    }
  } catch {
    // The settings check refuses an SMTP_URL that is not a URL before any mail is sent.
  }
  return [...values].filter((value) => value.length >= 3).sort((a, b) => b.length - a.length);
}
