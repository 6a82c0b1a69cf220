import type { ChangeAction, ChangeEntry, ChangesQuery, EntityType } from '../domain/history';
import { getSql } from './db';
import type { Tx } from './publishQueue';

/** The change history repository: one row per admin change, written in the change's transaction. */

export interface NewChange {
  adminId: string | null;
  adminEmail: string;
  entityType: EntityType;
  entityId: string;
  action: ChangeAction;
  before: object | null;
  after: object | null;
}

export async function record(tx: Tx, change: NewChange): Promise<void> {
  // A JSON round trip first turns Dates into the ISO strings the API shows.
  const asJson = (value: object | null) => (value === null ? null : tx.json(JSON.parse(JSON.stringify(value)) as Parameters<typeof tx.json>[0]));
  await tx`
    insert into change_history (admin_id, admin_email, entity_type, entity_id, action, before, after)
    values (${change.adminId}, ${change.adminEmail}, ${change.entityType}, ${change.entityId}, ${change.action},
            ${asJson(change.before)}, ${asJson(change.after)})`;
}

/** Newest first, one page, optionally only one entity type or one record; with the total count. */
export async function list(query: ChangesQuery): Promise<{ entries: ChangeEntry[]; total: number }> {
  const sql = await getSql();
  const type = query.entityType ?? null;
  const id = query.entityId ?? null;
  const where = () => sql`
    where (${type}::text is null or entity_type = ${type}) and (${id}::uuid is null or entity_id = ${id}::uuid)`;
  const entries = await sql<ChangeEntry[]>`
    select id::text, changed_at, admin_email, entity_type, entity_id, action, before, after
    from change_history ${where()}
    order by change_history.id desc
    limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from change_history ${where()}`;
  return { entries, total: counted!.n };
}
