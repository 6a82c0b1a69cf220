import * as admins from '../data/admins';
import { transaction } from '../data/transaction';
import { recordSecurityEvent, type SecurityEvent } from './securityLog';

/**
 * A member's password set by someone else (issue 51, point 8): `npm run admin -- reset-password`, or
 * a start applying ADMIN_PASSWORD. Their sessions end, and 'password-reset' is in the security log,
 * in one transaction: the reset and its entry commit together or not at all. There is no reset in
 * the admin pages; one added there would call this with the member who did it.
 */
export async function resetPassword(
  member: { id: string; email: string },
  passwordHash: string,
  by: SecurityEvent['actor'],
  ip = by.email,
): Promise<void> {
  await transaction(async (tx) => {
    await admins.setPassword(tx, member.id, passwordHash);
    await recordSecurityEvent(
      { type: 'password-reset', actor: by, ip, subject: { id: member.id, email: member.email } },
      tx,
    );
  });
}
