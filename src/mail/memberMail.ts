import { TEAM_ACCOUNT } from '../domain/adminPaths';
import type { Tx } from '../data/publishQueue';
import { serverEnv } from '../settings';
import { codesLockedMail, factorChangeMail, type FactorChange } from '../domain/team/signInMail';
import { queueMail } from './outbox';

/**
 * Mails a member about their own sign-in, queued in the outbox (docs/decisions/0038-mail-outbox.md):
 * in the transaction of the change it reports when there is one, so it goes exactly when the change
 * commits. The sender delivers it and records how it went; the address stays out of the log.
 * Returns the outbox row's id (the CLI sends it at once with `sendNow`).
 */
const accountUrl = () => new URL(TEAM_ACCOUNT, serverEnv().siteUrl).toString();

/** "A factor of yours was added or removed". */
export function mailFactorChange(tx: Tx | undefined, to: string, change: FactorChange): Promise<string> {
  const content = factorChangeMail({ change, email: to, at: new Date(), accountUrl: accountUrl() });
  return queueMail(tx, { kind: 'factor-change', to, ...content });
}

/** "Your sign-in codes are locked." */
export function mailCodesLocked(tx: Tx | undefined, to: string, wrongCodes: number, unlocksAt: Date): Promise<string> {
  return queueMail(tx, { kind: 'codes-locked', to, ...codesLockedMail({ email: to, wrongCodes, unlocksAt }) });
}
