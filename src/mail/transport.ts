import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { createTransport } from 'nodemailer';
import { mailEnv } from '../settings';
import { log } from '../log';

/**
 * Mail delivery (README.md, Configuration): one attempt to send one mail, to the SMTP server SMTP_URL
 * names, or, without it, as an .eml file per mail in DATA_DIR/outbox with a log line, so `npm start`
 * works with no setup and a developer can open the mails. Only the mail sender (sender.ts) imports
 * this module (eslint.config.js): every mail is a row of the outbox first, and the sender's retries,
 * back-off and recorded outcome apply to all of them (docs/decisions/0038-mail-outbox.md).
 * The .eml files hold whole mails (invitation links, alert links): the folder is 0700 and each file
 * 0600, whatever the umask.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

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

/** Sends the mail once; throws what the SMTP server or the file system said. */
export async function sendMail(mail: OutgoingMail): Promise<void> {
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

/** Closes the SMTP connection (the CLI's exit, the server's shutdown). */
export function closeMail(): void {
  smtp?.transporter.close();
  smtp = null;
}
