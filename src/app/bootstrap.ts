import * as admins from '../data/signIn/admins';
import { DEFAULT_ADMIN_EMAIL, newCredentialsProblem } from '../domain/team/credentials';
import { resetPassword } from '../services/team/memberPasswords';
import { START_UP } from '../auth/securityLog';
import { addMember } from '../services/team/team';
import { generatePassword, hashPassword, verifyPassword } from '../auth/passwords';

export { DEFAULT_ADMIN_EMAIL };

export type BootstrapResult =
  | { action: 'created'; email: string; generatedPassword?: string }
  | { action: 'reset' | 'unchanged'; email: string }
  | { action: 'none'; emails: string[] };

interface AdminEnv {
  adminEmail: string;
  adminPassword: string;
}

/** Why ADMIN_EMAIL / ADMIN_PASSWORD can't be used, checked before start-up changes anything; else null. */
export function adminEnvProblem(env: AdminEnv): string | null {
  if (!env.adminEmail && !env.adminPassword) return null;
  if (!env.adminEmail || !env.adminPassword) return 'Set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.';
  const problem = newCredentialsProblem(env.adminEmail, env.adminPassword);
  return problem && `ADMIN_EMAIL / ADMIN_PASSWORD: ${problem}.`;
}

/**
 * Creates the admin, or resets its password when it exists with another one (README.md, Admin
 * bootstrap); either is in the security log as done by the start-up (docs/security.md).
 */
export async function ensureAdmin(email: string, password: string): Promise<'created' | 'reset' | 'unchanged'> {
  const existing = await admins.findByEmail(email);
  // A restart with the same ADMIN_PASSWORD must not end the admin's sessions.
  if (existing && (await verifyPassword(existing.passwordHash, password))) return 'unchanged';
  const passwordHash = await hashPassword(password);
  if (existing) {
    await resetPassword(existing, passwordHash, START_UP, { keepPasskeys: true });
    return 'reset';
  }
  await addMember(email, passwordHash, 'admin', START_UP);
  return 'created';
}

/**
 * Runs once the site is served, so that a start that fails earlier never creates an admin whose
 * password nobody saw. ADMIN_EMAIL + ADMIN_PASSWORD are ensured every time (the caller says loudly
 * when that replaced a password, e.g. one set with the CLI); with neither set and no admin at all,
 * admin@localhost gets a random password that the caller prints.
 */
export async function bootstrapAdmin(env: AdminEnv): Promise<BootstrapResult> {
  const result = await ensureBootstrapAdmin(env);
  // The bootstrap admin owns the site when no one does (docs/product.md, The team): a first start,
  // or the first start after the team roles arrived, when every existing member became an admin.
  await admins.claimOwnershipIfNone(env.adminEmail || DEFAULT_ADMIN_EMAIL);
  return result;
}

async function ensureBootstrapAdmin(env: AdminEnv): Promise<BootstrapResult> {
  if (env.adminEmail && env.adminPassword) {
    const action = await ensureAdmin(env.adminEmail, env.adminPassword);
    return { action, email: env.adminEmail };
  }
  const existing = await admins.emails();
  if (existing.length > 0) return { action: 'none', emails: existing };
  const generatedPassword = generatePassword();
  await ensureAdmin(DEFAULT_ADMIN_EMAIL, generatedPassword);
  return { action: 'created', email: DEFAULT_ADMIN_EMAIL, generatedPassword };
}
