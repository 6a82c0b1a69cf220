import * as admins from '../../data/signIn/admins';
import * as passkeys from '../../data/signIn/passkeys';
import { transaction } from '../../data/database/transaction';
import { mailFactorChange } from '../../mail/memberMail';
import { sendNow } from '../../mail/sender';
import { recordSecurityEvent, type SecurityEvent } from '../../auth/securityLog';

export interface PasswordReset {
  email: string;
  passkeysRemoved: number;
  /** Whether the member was told of removed passkeys (false when none were removed). */
  mailed: boolean;
}

/**
 * A member's password set by someone else (docs/security.md): `npm run admin --
 * reset-password`, what an owner runs after a suspected theft, or a start applying ADMIN_PASSWORD.
 * In one transaction: the new password, every session and pending sign-in of the member ended,
 * 'password-reset' in the security log and, unless `keepPasskeys`, their passkeys removed, since a
 * passkey signs in without the password (one registered with a stolen session outlived the reset).
 * Each removal is logged and the member is mailed about it.
 */
export async function resetPassword(
  member: { id: string; email: string },
  passwordHash: string,
  by: SecurityEvent['actor'],
  options: { keepPasskeys: boolean; ip?: string },
): Promise<PasswordReset> {
  const ip = options.ip ?? by.email;
  const subject = { id: member.id, email: member.email };
  const { rows, mail } = await transaction(async (tx) => {
    await admins.setPassword(tx, member.id, passwordHash);
    await recordSecurityEvent({ type: 'password-reset', actor: by, ip, subject }, tx);
    if (options.keepPasskeys) return { rows: [], mail: null };
    const rows = await passkeys.removeAllFor(tx, member.id);
    for (const row of rows) {
      await recordSecurityEvent(
        { type: 'passkey-removed', actor: by, ip, subject, detail: { name: row.name, reason: 'password-reset' } },
        tx,
      );
    }
    const mail =
      rows.length > 0
        ? await mailFactorChange(tx, member.email, { kind: 'passkeys-removed-with-password-reset', count: rows.length })
        : null;
    return { rows, mail };
  });
  // Run by the CLI, which exits before a sender's loop would run: one attempt now (a server retries it).
  const mailed = mail !== null && (await sendNow([mail])).sent === 1;
  return { email: member.email, passkeysRemoved: rows.length, mailed };
}
