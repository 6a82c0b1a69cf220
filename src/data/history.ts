import type { ChangeAction, ChangesQuery, EntityType, HistoryEntry, SecurityEntry } from '../domain/history/history';
import { isUuid } from '../domain/fields';
import { getSql, type Sql } from './database/db';
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
  /** The partner who proposed a change a reviewer approved (docs/product.md, Review queue). */
  proposedBy?: string | null;
  /** The import a change came through (docs/product.md, Import). */
  importedFrom?: string | null;
}

export async function record(tx: Tx, change: NewChange): Promise<void> {
  // A JSON round trip first turns Dates into the ISO strings the API shows.
  const asJson = (value: object | null) => (value === null ? null : tx.json(JSON.parse(JSON.stringify(value)) as Parameters<typeof tx.json>[0]));
  await tx`
    insert into change_history (admin_id, admin_email, entity_type, entity_id, action, before, after, proposed_by, imported_from)
    values (${change.adminId}, ${change.adminEmail}, ${change.entityType}, ${change.entityId}, ${change.action},
            ${asJson(change.before)}, ${asJson(change.after)}, ${change.proposedBy ?? null}, ${change.importedFrom ?? null})`;
}

/** The filters of a history query (src/domain/history/history.ts), paging aside. */
type Filters = Omit<ChangesQuery, 'page' | 'limit'>;

interface Row {
  id: string;
  changedAt: Date;
  adminEmail: string;
  entityType: EntityType | 'security';
  entityId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  subjectEmail: string | null;
  clientAddress: string | null;
  detail: SecurityEntry['detail'];
  proposedBy: string | null;
  importedFrom: string | null;
}

function where(sql: Sql, filters: Filters, beforeId: string | null = null) {
  const entityType = filters.entityType ?? null;
  const entityId = filters.entityId ?? null;
  const type = filters.type ?? null;
  const actorId = filters.actor && isUuid(filters.actor) ? filters.actor : null;
  const actorEmail = filters.actor && !actorId ? filters.actor : null;
  const kind =
    filters.kind === 'security'
      ? sql`entity_type = 'security'`
      : filters.kind === 'records'
        ? sql`entity_type <> 'security'`
        : sql`true`;
  return sql`
    where ${kind}
      and (${entityType}::text is null or entity_type = ${entityType})
      and (${entityId}::uuid is null or entity_id = ${entityId}::uuid)
      and (${type}::text is null or action = ${type})
      and (${actorId}::uuid is null or admin_id = ${actorId}::uuid)
      and (${actorEmail}::text is null or lower(admin_email) = lower(${actorEmail}))
      and (${beforeId}::bigint is null or id < ${beforeId}::bigint)`;
}

const COLUMNS =
  'id::text, changed_at, admin_email, entity_type, entity_id, action, before, after, subject_email, client_address, detail, proposed_by, imported_from';

/** Record entries keep the shape they have always had; security entries have their own. */
function toEntry(row: Row): HistoryEntry {
  if (row.entityType === 'security') {
    const entry: SecurityEntry = {
      id: row.id,
      changedAt: row.changedAt as unknown as string,
      entityType: 'security',
      type: row.action as SecurityEntry['type'],
      adminEmail: row.adminEmail,
      clientAddress: row.clientAddress,
      subject: row.subjectEmail === null ? null : { id: row.entityId, email: row.subjectEmail },
      detail: row.detail,
    };
    return entry;
  }
  return {
    id: row.id,
    changedAt: row.changedAt as unknown as string,
    adminEmail: row.adminEmail,
    entityType: row.entityType,
    entityId: row.entityId!,
    action: row.action as ChangeAction,
    before: row.before,
    after: row.after,
    ...(row.proposedBy ? { proposedBy: row.proposedBy } : {}),
    ...(row.importedFrom ? { importedFrom: row.importedFrom } : {}),
  };
}

/** Newest first, one page of the entries the filters match; with the total count. */
export async function list(query: ChangesQuery): Promise<{ entries: HistoryEntry[]; total: number }> {
  const sql = await getSql();
  const rows = await sql<Row[]>`
    select ${sql.unsafe(COLUMNS)} from change_history ${where(sql, query)}
    order by change_history.id desc
    limit ${query.limit} offset ${(query.page - 1) * query.limit}`;
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from change_history ${where(sql, query)}`;
  return { entries: rows.map(toEntry), total: counted!.n };
}

/**
 * Every entry the filters match, newest first, read in batches by id (never an offset, never the
 * whole history at once, and no cursor holding the one embedded connection between batches).
 */
export async function* batches(filters: Filters, size = 500): AsyncGenerator<HistoryEntry[]> {
  const sql = await getSql();
  let beforeId: string | null = null;
  for (;;) {
    const rows: Row[] = await sql<Row[]>`
      select ${sql.unsafe(COLUMNS)} from change_history ${where(sql, filters, beforeId)}
      order by change_history.id desc
      limit ${size}`;
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    if (rows.length < size) return;
    beforeId = rows[rows.length - 1]!.id;
  }
}
