import * as outbox from '../data/mailOutbox';
import type { MailKind, NewMail } from '../data/mailOutbox';
import { transaction } from '../data/database/transaction';
import type { Tx } from '../data/publishQueue';

/**
 * The one way to send a mail (docs/architecture.md, Mail; docs/decisions/0038-mail-outbox.md): it
 * becomes a row of the outbox in the caller's transaction, so it goes if and only if what caused it
 * commits; the sender (sender.ts) delivers it, with retries that survive a restart, once, and records
 * how it went. Without a transaction of its own cause (a sign-in mail), one of its own is opened.
 * Returns the row's id.
 */
export function queueMail(tx: Tx | undefined, mail: NewMail): Promise<string> {
  return tx ? outbox.insert(tx, mail) : transaction((own) => outbox.insert(own, mail));
}

export type { MailKind, NewMail };
