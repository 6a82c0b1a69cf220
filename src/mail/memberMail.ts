import { TEAM_ACCOUNT } from '../domain/adminPaths';
import { serverEnv } from '../settings';
import { log } from '../log';
import { deliver, RETRY_DELAYS_MS } from './transport';
import { codesLockedMail, factorChangeMail, type FactorChange } from '../domain/team/signInMail';
import type { MailContent } from '../domain/alerts/alertMail';

/**
 * Mails a member about their own sign-in (issue 51) through the one mailer. It never throws: the
 * change it reports has happened, and a mail server that is down must not undo or fail it. The
 * address stays out of the log. The server sends in the background (`void`); the CLI waits, with no
 * retries (`[]`), so it does not hang for half a minute on a mail server that is down.
 */
async function send(to: string, content: MailContent, event: string, delays: readonly number[]): Promise<boolean> {
  try {
    const delivery = await deliver({ to, ...content }, delays);
    if (delivery.ok) log.info({ event, attempts: delivery.attempts }, 'sign-in mail sent');
    else log.warn({ event, attempts: delivery.attempts }, 'sign-in mail not sent');
    return delivery.ok;
  } catch (error) {
    log.error({ err: error, event }, 'sign-in mail not sent');
    return false;
  }
}

const accountUrl = () => new URL(TEAM_ACCOUNT, serverEnv().siteUrl).toString();

/** "A factor of yours was added or removed": true once the mail went out (or into the outbox). */
export function mailFactorChange(
  to: string,
  change: FactorChange,
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<boolean> {
  const content = factorChangeMail({ change, email: to, at: new Date(), accountUrl: accountUrl() });
  return send(to, content, `factor-mail:${change.kind}`, delays);
}

/** "Your sign-in codes are locked." */
export function mailCodesLocked(to: string, wrongCodes: number, unlocksAt: Date): Promise<boolean> {
  return send(to, codesLockedMail({ email: to, wrongCodes, unlocksAt }), 'codes-locked-mail', RETRY_DELAYS_MS);
}
