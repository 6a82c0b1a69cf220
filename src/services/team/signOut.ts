import { endSession } from '../../auth/sessions';
import { recordSecurityEvent } from '../../auth/securityLog';

/**
 * Logout (docs/security.md): the session is deleted on the server and 'sign-out' is in the security
 * log. The entry is written on its own: a sign-out never fails because the log could not be written.
 */
export async function signOut(token: string | undefined, member: { adminId: string; email: string }, ip: string) {
  await endSession(token);
  await recordSecurityEvent({ type: 'sign-out', actor: member, ip });
}
