import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { createTransport } from 'nodemailer';
import { mailEnv } from '../settings';
import { log } from '../log';
import { maskMailError } from './maskError';

/**
 * Mail delivery (README.md, Configuration): the SMTP server SMTP_URL names, or, without it, an .eml
 * file per mail in DATA_DIR/outbox with a log line, so `npm start` works with no setup and a
 * developer can open the mails. A failed send is tried again with back-off; the caller records what
 * finally happened (sent or failed), so no mail is lost silently. The failure it records is masked
 * (maskError.ts): no SMTP password, recipient address or link reaches the mail log or the dashboard.
 * The outbox holds whole mails (invitation links, alert links): the folder is 0700 and each file
 * 0600, whatever the umask (issue 51, point 10).
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export type Delivery = { ok: true; attempts: number } | { ok: false; attempts: number; error: string };

/** Waits before the second, third and fourth attempt. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 25_000] as const;

type Transporter = ReturnType<typeof createTransport>;
let smtp: { url: string; transporter: Transporter } | null = null;

/** nodemailer is loaded on the first mail, not at start: most processes never send one. */
const nodemailer = () => import('nodemailer');

async function smtpTransport(url: string): Promise<Transporter> {
  if (smtp?.url !== url) {
    smtp?.transporter.close();
    smtp = { url, transporter: (await nodemailer()).createTransport(url) };
  }
  return smtp.transporter;
}

const outboxFile = (dir: string) =>
  path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);

async function sendOnce(mail: OutgoingMail): Promise<void> {
  const env = mailEnv();
  const message = { from: env.from, ...mail };
  if (env.smtpUrl) {
    await (await smtpTransport(env.smtpUrl)).sendMail(message);
    return;
  }
  const writer = (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await writer.sendMail(message);
  await fs.promises.mkdir(env.outboxDir, { recursive: true, mode: 0o700 });
  // A folder made before this rule (or by hand) is closed too; mkdir leaves an existing one as it is.
  await fs.promises.chmod(env.outboxDir, 0o700);
  const file = outboxFile(env.outboxDir);
  await fs.promises.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
  log.info({ file, subject: mail.subject }, 'mail written to the outbox (no SMTP_URL)');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the mail, trying again after each of `delays`; says how it went after the last attempt. */
export async function deliver(mail: OutgoingMail, delays: readonly number[] = RETRY_DELAYS_MS): Promise<Delivery> {
  let attempts = 0;
  for (;;) {
    attempts++;
    try {
      await sendOnce(mail);
      return { ok: true, attempts };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const wait = delays[attempts - 1];
      if (wait === undefined) {
        log.error({ err: error, subject: mail.subject, attempts }, 'mail not sent after retries');
        return { ok: false, attempts, error: maskMailError(message, mailEnv().smtpUrl).slice(0, 500) };
      }
      log.warn({ err: error, subject: mail.subject, attempts, retryInMs: wait }, 'mail not sent; trying again');
      await sleep(wait);
    }
  }
}

/** Closes the SMTP connection (the CLI's exit, the server's shutdown). */
export function closeMail(): void {
  smtp?.transporter.close();
  smtp = null;
}
