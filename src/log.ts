import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { logLevelOf } from './logLevel';
import { redact } from './redact';
import { envValue } from './env';

/**
 * The one logger of the process: JSON lines on stdout, each request's lines carrying its `requestId`
 * (the id also sent back in `X-Request-Id` and in error bodies, so a report can be found in the
 * logs). Never log a password or a session token.
 */
// One logger per process: every entry imports this one module (docs/decisions/0039-one-copy-of-the-code.md).
export const log: pino.Logger = pino({
  level: logLevelOf(envValue('LOG_LEVEL')),
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  // Every line, whatever error or object it carries, without the settings' secrets.
  hooks: { streamWrite: (line) => redact(line) },
});

/** A fresh id for one request. */
export function newRequestId(): string {
  return randomUUID();
}

/** A child logger whose every line carries the request id. */
export function requestLog(requestId: string | undefined): pino.Logger {
  return requestId ? log.child({ requestId }) : log;
}
