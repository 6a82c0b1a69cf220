import type { BootstrapResult } from './bootstrap';
import { TEAM_SIGN_IN } from '../domain/adminPaths';
import { PASSWORD_MIN_LENGTH } from '../domain/team/credentials';

const resetCommand = (email: string) =>
  `npm run admin -- reset-password --email ${email} --password '<new password, ${PASSWORD_MIN_LENGTH}+ characters>'`;

/** A line for the log when start-up changed an admin, or null. */
export function adminChangeLine(admin: BootstrapResult): string | null {
  if (admin.action === 'created') return `Admin created: ${admin.email}`;
  if (admin.action !== 'reset') return null;
  // ADMIN_PASSWORD is applied at every start (README.md), so it silently undid a password set by
  // hand with the CLI: say so, and how to keep a hand-set one.
  return (
    `Admin password reset: ${admin.email} now has the password in ADMIN_PASSWORD and its sessions were ended. ` +
    'ADMIN_PASSWORD is applied at every start and replaces a password set with `npm run admin -- reset-password`; ' +
    'unset ADMIN_PASSWORD to keep a password set by hand.'
  );
}

/**
 * The last thing every start prints, in one write: where the site is and how to sign in. A new
 * one-time password is part of it, so it is never printed by a start that then fails.
 */
export function startBanner(opts: { listening: string; site: string; seconds: number; admin: BootstrapResult }) {
  const { admin, site } = opts;
  const lines = [
    `EMDR Training Marketplace is running at ${opts.listening}/ (ready in ${opts.seconds.toFixed(1)} s)`,
    `  Site:     ${site}/`,
    `  Admin:    ${site}${TEAM_SIGN_IN}`,
  ];
  if (admin.action === 'none') {
    const [first, ...others] = admin.emails;
    const also = others.length > 0 ? ` (other admins: ${others.slice(0, 5).join(', ')})` : '';
    lines.push(`  Sign in:  ${first}${also}`);
    lines.push(`  Forgot the password? ${resetCommand(first!)}`);
  } else if (admin.action === 'created' && admin.generatedPassword) {
    lines.push(`  Sign in:  ${admin.email}`);
    lines.push(`  One-time admin password (shown only now): ${admin.generatedPassword}`);
    lines.push(`  Change it, or set a new one if this one is lost: ${resetCommand(admin.email)}`);
  } else {
    lines.push(`  Sign in:  ${admin.email} with the password in ADMIN_PASSWORD`);
  }
  return lines.join('\n');
}
