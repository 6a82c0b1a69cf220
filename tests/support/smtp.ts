import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server on 127.0.0.1 for the alert tests: it accepts every mail (no TLS, no sign-in)
 * and keeps each one parsed, with its envelope recipients.
 */
export interface ReceivedMail {
  to: string[];
  mail: ParsedMail;
}

export async function startSmtp() {
  const received: ReceivedMail[] = [];
  const state = { refusals: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Mail to a refused@ address is refused, as a full mailbox or a broken server would.
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith('refused@')) return callback();
      state.refusals++;
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refusals() {
      return state.refusals;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An SMTP server that takes any sign-in and refuses every recipient with an answer that names the
 * recipient, a link with a token and another relay's credentials, as some servers' answers do.
 */
export async function startRefusingSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'anyone' });
    },
    onRcptTo(address, _session, callback) {
      const answer = `<${address.address}> refused: see https://postmaster.example/why?token=abc123 (relay smtp://relay:hunter2@relay.example)`;
      callback(Object.assign(new Error(answer), { responseCode: 550 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
