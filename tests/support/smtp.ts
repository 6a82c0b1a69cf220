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
