import * as admins from '../data/admins';
import * as passkeys from '../data/passkeys';
import { transaction } from '../data/transaction';
import { mailFactorChange } from './memberMail';
import { recordSecurityEvent } from './securityLog';

/** The command line, as it is named in the security log. */
const COMMAND_LINE = { id: null, email: 'command line' } as const;

export interface PasswordReset {
  email: string;
  passkeysRemoved: number;
  /** Whether the member was told of removed passkeys (false when none were removed). */
  mailed: boolean;
}

/**
 * `npm run admin -- reset-password` (README.md), what an owner runs after a suspected theft: the new
 * password, every session and pending sign-in of the member ended, and (unless `keepPasskeys`) their
 * passkeys removed, since a passkey signs in without the password (issue 51: one registered with a
 * stolen session outlived the reset). Each removal is in the security log and the member is mailed.
 * Null for an unknown email.
 */
export async function resetPassword(
  email: string,
  passwordHash: string,
  options: { keepPasskeys: boolean },
): Promise<PasswordReset | null> {
  const member = await admins.findByEmail(email);
  if (!member) return null;
  const removed = await transaction(async (tx) => {
    await admins.setPassword(tx, member.id, passwordHash);
    if (options.keepPasskeys) return [];
    const rows = await passkeys.removeAllFor(tx, member.id);
    for (const row of rows) {
      await recordSecurityEvent(
        {
          type: 'passkey-removed',
          actor: COMMAND_LINE,
          ip: COMMAND_LINE.email,
          subject: { id: member.id, email: member.email },
          detail: { name: row.name, reason: 'password-reset' },
        },
        tx,
      );
    }
    return rows;
  });
  const mailed =
    removed.length > 0 &&
    (await mailFactorChange(member.email, { kind: 'passkeys-removed-with-password-reset', count: removed.length }, []));
  return { email: member.email, passkeysRemoved: removed.length, mailed };
}
