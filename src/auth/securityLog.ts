import * as securityLog from '../data/securityLog';
import { getSql } from '../data/database/db';
import type { Tx } from '../data/publishQueue';
import { truncateClientAddress } from '../domain/team/clientAddress';
import {
  UNKNOWN_EMAIL_REASON,
  UNKNOWN_EMAIL_RETENTION_DAYS,
  type SecurityEventType,
} from '../domain/team/securityEvents';
import { log } from '../log';
import type { LoggedActor } from '../domain/actor';

export interface SecurityEvent {
  type: SecurityEventType;
  /** Who did it; for a failed sign-in the email that was typed, with id null when no member has it. */
  actor: LoggedActor;
  /** The full client address (clientIp(ctx)); only its /24 or /48 is stored. */
  ip: string;
  /** The member the event is about, when it is not the actor (an invitee, a removed member). */
  subject?: { id: string | null; email: string };
  /** What else an operator needs (a method, a role). Never a password, secret, code or token. */
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * Writes one security event into the change history (docs/product.md, "Security log").
 *
 * With `tx`, the entry is written in the caller's transaction: the action and its entry commit
 * together or not at all, like the record history. Pass it whenever you are inside a transaction
 * (with the embedded database a write on another connection would wait for that transaction).
 *
 * Without `tx`, the entry is written on its own, and a failure to write it is logged and swallowed:
 * the member's action (a sign-in whose session already exists) must not turn into a 500 because
 * the log could not be written.
 */
export async function recordSecurityEvent(event: SecurityEvent, tx?: Tx): Promise<void> {
  const row: securityLog.NewSecurityEvent = {
    type: event.type,
    actorId: event.actor.adminId,
    actorEmail: event.actor.email.slice(0, 320),
    clientAddress: truncateClientAddress(event.ip),
    subjectId: event.subject?.id ?? null,
    subjectEmail: event.subject?.email ?? null,
    detail: event.detail ?? null,
  };
  if (tx) {
    await securityLog.insert(tx, row);
    return;
  }
  try {
    await securityLog.insert(await getSql(), row);
  } catch (error) {
    // The type and the truncated address only: the detail is not needed to find the failure.
    log.error(
      { err: error, event: 'security-log-failed', type: row.type, clientAddress: row.clientAddress },
      'could not write a security event',
    );
  }
}

/** Who did it when no member did: the admin CLI, or a start creating its admin or applying ADMIN_PASSWORD. */
export const COMMAND_LINE: LoggedActor = { adminId: null, email: 'command line' };
export const START_UP: LoggedActor = { adminId: null, email: 'start-up' };

/** Entries about emails no member has go after 90 days (docs/product.md, "Security log"). */
export async function pruneUnknownEmailEntries(): Promise<number> {
  return securityLog.pruneByReason(UNKNOWN_EMAIL_REASON, UNKNOWN_EMAIL_RETENTION_DAYS * 24 * 60 * 60 * 1000);
}
