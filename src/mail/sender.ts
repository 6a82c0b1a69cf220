import * as outbox from '../data/mailOutbox';
import { onMailQueued } from '../data/mailSignal';
import { mailEnv } from '../settings';
import { log } from '../log';
import { maskMailError } from './maskError';
import { closeMail as closeTransport, sendMail } from './transport';

/**
 * The mail sender (docs/decisions/0038-mail-outbox.md): the one module that sends mail. It takes due
 * rows of the outbox (FOR UPDATE SKIP LOCKED, each claimed for a lease so several instances on one
 * database send each mail once), sends each once, and records the outcome: sent; or tried again after
 * MAIL_RETRY_BASE_MS, five times longer after each failure up to 3600 times the base (an hour by
 * default), with the time in the row so a restart keeps it; or failed, after MAX_ATTEMPTS or at once
 * when the SMTP server refuses it for good (a 5xx answer), with the masked reason (maskError.ts) the
 * dashboard shows.
 * It wakes when a transaction that queued mail commits (data/mailSignal.ts) and polls every
 * MAIL_POLL_MS for the rest (another instance's mail, a retry that came due).
 */
export const MAX_ATTEMPTS = 10;
const BATCH = 10;
/** Longer than any one send may take (nodemailer gives up on a silent server well before). */
const LEASE_MS = 10 * 60_000;

/** The wait after the `attempts`th failed attempt: base, 5×base, 25×base, … at most 3600×base. */
export const retryDelayMs = (attempts: number, baseMs = mailEnv().retryBaseMs) =>
  baseMs * Math.min(5 ** (attempts - 1), 3600);

/** An SMTP answer of 5xx: the server will not take this mail however often it is sent. */
const refusedForGood = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function sendOne(mail: outbox.DueMail): Promise<'sent' | 'retry' | 'failed'> {
  try {
    await sendMail({
      to: mail.recipient,
      subject: mail.subject,
      text: mail.textBody,
      ...(mail.htmlBody !== null && { html: mail.htmlBody }),
      ...(mail.headers && { headers: mail.headers }),
    });
  } catch (error) {
    const reason = maskMailError(errorText(error), mailEnv().smtpUrl).slice(0, 500);
    // The address and the content stay out of the log: they may hold a link that is a credential.
    if (mail.attempts >= MAX_ATTEMPTS || refusedForGood(error)) {
      log.error({ kind: mail.kind, attempts: mail.attempts, reason }, 'mail not sent after retries');
      await outbox.markFailed(mail.id, reason);
      return 'failed';
    }
    const retryInMs = retryDelayMs(mail.attempts);
    log.warn({ kind: mail.kind, attempts: mail.attempts, retryInMs, reason }, 'mail not sent; trying again');
    await outbox.markRetry(mail.id, retryInMs, reason);
    return 'retry';
  }
  await outbox.markSent(mail.id);
  log.info({ kind: mail.kind, attempts: mail.attempts }, 'mail sent');
  return 'sent';
}

/** Claims and sends one batch of due mail (of `ids` only, when given); how many were claimed. */
async function sendBatch(ids?: readonly string[]): Promise<number> {
  const due = await outbox.claimDue(BATCH, LEASE_MS, ids);
  for (const mail of due) await sendOne(mail);
  return due.length;
}

/**
 * Starts the loop (src/app/startApp.ts). The stop function waits for the send in progress, so a
 * shutdown never leaves a claimed mail to its lease.
 */
export function startMailSender(): () => Promise<void> {
  const { pollMs } = mailEnv();
  let stopped = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const sleep = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, pollMs);
      timer.unref();
    });
  const unlisten = onMailQueued(() => {
    again = true;
    wake?.();
  });
  const loop = (async () => {
    while (!stopped) {
      again = false;
      try {
        while (!stopped && (await sendBatch()) === BATCH);
      } catch (error) {
        log.error({ err: error }, 'mail sender: cannot read the outbox; trying again');
      }
      if (!stopped && !again) await sleep();
      clearTimeout(timer);
      wake = undefined;
    }
  })();
  return async () => {
    stopped = true;
    unlisten();
    wake?.();
    await loop;
    closeTransport();
  };
}

/**
 * One attempt now at each of these queued mails, for the admin CLI, which exits before a loop would
 * run: how many went. One that did not stays queued, tried again by the servers' senders.
 */
export async function sendNow(ids: readonly string[]): Promise<{ sent: number; notSent: number }> {
  if (ids.length > 0) {
    try {
      while ((await sendBatch(ids)) === BATCH);
    } catch (error) {
      log.error({ err: error }, 'mail sender: cannot read the outbox');
    }
  }
  const status = await outbox.statusOf(ids);
  const sent = ids.filter((id) => status.get(id) === 'sent').length;
  return { sent, notSent: ids.length - sent };
}

/** Closes the SMTP connection (the CLI's exit). */
export function closeMail(): void {
  closeTransport();
}
