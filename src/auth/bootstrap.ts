import * as admins from '../data/admins';
import { generatePassword, hashPassword, verifyPassword } from './passwords';

export type BootstrapResult =
  { action: 'none' } | { action: 'created' | 'reset' | 'unchanged'; email: string; generatedPassword?: string };

export const DEFAULT_ADMIN_EMAIL = 'admin@localhost';

/** Creates the admin, or resets its password when it exists (CONTRACT.md, Admin bootstrap). */
export async function ensureAdmin(email: string, password: string): Promise<'created' | 'reset' | 'unchanged'> {
  const existing = await admins.findByEmail(email);
  // A restart with the same ADMIN_PASSWORD must not end the admin's sessions.
  if (existing && (await verifyPassword(existing.passwordHash, password))) return 'unchanged';
  const passwordHash = await hashPassword(password);
  if (existing) {
    await admins.updatePassword(existing.id, passwordHash);
    return 'reset';
  }
  await admins.insert(email, passwordHash);
  return 'created';
}

/**
 * At start: ADMIN_EMAIL + ADMIN_PASSWORD → ensured every time; neither set and no admin at all →
 * admin@localhost with a random password that the caller prints once.
 */
export async function bootstrapAdmin(env: { adminEmail: string; adminPassword: string }): Promise<BootstrapResult> {
  if (env.adminEmail && env.adminPassword) {
    const action = await ensureAdmin(env.adminEmail, env.adminPassword);
    return { action, email: env.adminEmail };
  }
  if ((await admins.count()) > 0) return { action: 'none' };
  const generatedPassword = generatePassword();
  await ensureAdmin(DEFAULT_ADMIN_EMAIL, generatedPassword);
  return { action: 'created', email: DEFAULT_ADMIN_EMAIL, generatedPassword };
}
