import { getSql } from './database/db';
import type { Tx } from './publishQueue';

/**
 * Security events in the change history (db/migrations/00028_security_log.sql): entity_type
 * 'security', the event type in `action`, the member it is about in entity_id + subject_email.
 */
export interface NewSecurityEvent {
  type: string;
  actorId: string | null;
  actorEmail: string;
  /** Already truncated (src/domain/team/clientAddress.ts). */
  clientAddress: string;
  subjectId: string | null;
  subjectEmail: string | null;
  detail: Record<string, string | number | boolean | null> | null;
}

export async function insert(tx: Tx, event: NewSecurityEvent): Promise<void> {
  await tx`
    insert into change_history (admin_id, admin_email, entity_type, entity_id, action, subject_email, client_address, detail)
    values (
      -- An actor id that is not (or no longer) a member is kept by email only, never an error.
      (select id from admin_users where id = ${event.actorId}::uuid),
      ${event.actorEmail}, 'security',
      (select id from admin_users where id = ${event.subjectId}::uuid),
      ${event.type}, ${event.subjectEmail}, ${event.clientAddress},
      ${event.detail === null ? null : tx.json(event.detail)}
    )`;
}

/**
 * Deletes security entries whose detail `reason` is `reason` and that are older than `olderThanMs`,
 * a batch at a time so a long history never holds one long delete; how many went.
 */
export async function pruneByReason(reason: string, olderThanMs: number, batch = 5_000): Promise<number> {
  const sql = await getSql();
  let removed = 0;
  for (;;) {
    const result = await sql`
      delete from change_history where id in (
        select id from change_history
        where entity_type = 'security' and detail->>'reason' = ${reason}
          and changed_at < now() - ${olderThanMs}::float8 * interval '1 millisecond'
        limit ${batch})`;
    removed += result.count;
    if (result.count < batch) return removed;
  }
}
