import type { LinkKind } from '../../domain/trust/linkHealth';
import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';
import { transaction, within } from '../database/transaction';

/**
 * The link health repository (db/migrations/00034_trust.sql): one row per watched link. What a check
 * means for the row (the streak, broken or not) is decided in src/services/trust/linkHealth.ts.
 */
export type LinkStatus = 'unchecked' | 'ok' | 'failing' | 'broken';

/** Whose link it is: a training's (Register, waitlist) or a trainer's (website). */
export type LinkOwner = { trainingId: string; trainerId?: undefined } | { trainerId: string; trainingId?: undefined };

export interface WatchedLink {
  trainingId: string | null;
  trainerId: string | null;
  kind: LinkKind;
  url: string;
}

export interface LinkRow extends WatchedLink {
  id: string;
  status: LinkStatus;
  failingDays: number;
  failingSince: Date | null;
  /** ISO date (2026-03-05) in SITE_TIME_ZONE. */
  lastFailedOn: string | null;
  lastCheckedAt: Date | null;
  lastResult: string | null;
  brokenSince: Date | null;
  keepersMailedAt: Date | null;
  dismissedAt: Date | null;
  dismissedBy: string | null;
  dismissedNote: string | null;
}

const COLUMNS = `id, training_id, trainer_id, kind, url, status, failing_days, failing_since,
  last_failed_on::text as last_failed_on, last_checked_at, last_result, broken_since, keepers_mailed_at,
  dismissed_at, dismissed_by, dismissed_note`;

const JOINED_COLUMNS = `l.id, l.training_id, l.trainer_id, l.kind, l.url, l.status, l.failing_days, l.failing_since,
  l.last_failed_on::text as last_failed_on, l.last_checked_at, l.last_result, l.broken_since, l.keepers_mailed_at,
  l.dismissed_at, l.dismissed_by, l.dismissed_note`;

const keyOf = (l: WatchedLink) => `${l.trainingId ?? l.trainerId}/${l.kind}`;

async function rowsOf(tx: Tx, owner?: LinkOwner): Promise<LinkRow[]> {
  const training = owner?.trainingId ?? null;
  const trainer = owner?.trainerId ?? null;
  return tx<LinkRow[]>`
    select ${tx.unsafe(COLUMNS)} from link_health
    where (${training}::uuid is null or training_id = ${training}::uuid)
      and (${trainer}::uuid is null or trainer_id = ${trainer}::uuid)
    for update`;
}

/**
 * Makes the table hold exactly `links` (for one owner, or all): new links are added unchecked, a link
 * whose address changed starts over (a new address is a new link), links no longer watched go (a
 * training unpublished or ended, a website removed). Answers the rows as they now are.
 */
export async function sync(links: WatchedLink[], owner?: LinkOwner): Promise<LinkRow[]> {
  return transaction(async (tx) => {
    const existing = new Map((await rowsOf(tx, owner)).map((row) => [keyOf(row), row]));
    const wanted = new Set(links.map(keyOf));
    const gone = [...existing.values()].filter((row) => !wanted.has(keyOf(row))).map((row) => row.id);
    if (gone.length > 0) await tx`delete from link_health where id in ${tx(gone)}`;
    const rows: LinkRow[] = [];
    for (const link of links) {
      const row = existing.get(keyOf(link));
      if (row?.url === link.url) {
        rows.push(row);
        continue;
      }
      const [fresh] = row
        ? await tx<LinkRow[]>`
            update link_health set url = ${link.url}, status = 'unchecked', failing_days = 0, failing_since = null,
              last_failed_on = null, last_checked_at = null, last_result = null, broken_since = null,
              keepers_mailed_at = null, dismissed_at = null, dismissed_by = null, dismissed_note = null
            where id = ${row.id} returning ${tx.unsafe(COLUMNS)}`
        : await tx<LinkRow[]>`
            insert into link_health (training_id, trainer_id, kind, url)
            values (${link.trainingId}, ${link.trainerId}, ${link.kind}, ${link.url})
            returning ${tx.unsafe(COLUMNS)}`;
      rows.push(fresh!);
    }
    return rows;
  });
}

export type LinkUpdate = Pick<
  LinkRow,
  'status' | 'failingDays' | 'failingSince' | 'lastFailedOn' | 'lastResult' | 'brokenSince' | 'lastCheckedAt'
> & { clearDismissal: boolean; clearMailed: boolean };

/**
 * Writes what a check found, in one transaction with the row locked: `decide` gets the row as it is
 * now and answers the update, or null when the row is gone or its address changed meanwhile.
 */
export async function recordCheck(
  id: string,
  url: string,
  decide: (row: LinkRow) => LinkUpdate,
): Promise<{ before: LinkRow; after: LinkRow } | null> {
  return transaction(async (tx) => {
    const [before] = await tx<LinkRow[]>`select ${tx.unsafe(COLUMNS)} from link_health where id = ${id} for update`;
    if (!before || before.url !== url) return null;
    const u = decide(before);
    const [after] = await tx<LinkRow[]>`
      update link_health set status = ${u.status}, failing_days = ${u.failingDays}, failing_since = ${u.failingSince},
        last_failed_on = ${u.lastFailedOn}::date, last_checked_at = ${u.lastCheckedAt}, last_result = ${u.lastResult},
        broken_since = ${u.brokenSince},
        keepers_mailed_at = case when ${u.clearMailed} then null else keepers_mailed_at end,
        dismissed_at = case when ${u.clearDismissal} then null else dismissed_at end,
        dismissed_by = case when ${u.clearDismissal} then null else dismissed_by end,
        dismissed_note = case when ${u.clearDismissal} then null else dismissed_note end
      where id = ${id} returning ${tx.unsafe(COLUMNS)}`;
    return { before, after: after! };
  });
}

/** Claims the one mail to a broken link's keepers: true for exactly one caller. */
export async function claimKeepersMail(id: string, tx?: Tx): Promise<boolean> {
  const sql = tx ?? (await getSql());
  const rows = await sql`
    update link_health set keepers_mailed_at = now()
    where id = ${id} and status = 'broken' and keepers_mailed_at is null returning id`;
  return rows.length === 1;
}

export async function findById(id: string): Promise<LinkRow | undefined> {
  const sql = await getSql();
  const [row] = await sql<LinkRow[]>`select ${sql.unsafe(COLUMNS)} from link_health where id = ${id}`;
  return row;
}

/** A broken link with what it belongs to, for the team's lists. */
export interface BrokenLink extends LinkRow {
  /** The training's title or the trainer's name. */
  listing: string;
  timeZone: string | null;
}

/** Broken links the team has not dismissed, oldest first; `trainingIds` narrows to some trainings. */
export async function listBroken(trainingIds?: string[]): Promise<BrokenLink[]> {
  const sql = await getSql();
  if (trainingIds && trainingIds.length === 0) return [];
  return sql<BrokenLink[]>`
    select ${sql.unsafe(JOINED_COLUMNS)},
           coalesce(t.title, tr.name) as listing, t.time_zone
    from link_health l
    left join trainings t on t.id = l.training_id
    left join trainers tr on tr.id = l.trainer_id
    where l.status = 'broken' and l.dismissed_at is null
      ${trainingIds ? sql`and l.training_id in ${sql(trainingIds)}` : sql``}
    order by l.broken_since, l.kind`;
}

/** A team member's dismissal of a broken link, in the caller's transaction (with its history entry). */
export async function dismiss(tx: Tx, id: string, by: string, note: string): Promise<LinkRow | undefined> {
  const [row] = await tx<LinkRow[]>`
    update link_health set dismissed_at = now(), dismissed_by = ${by}, dismissed_note = ${note}
    where id = ${id} and status = 'broken' and dismissed_at is null
    returning ${tx.unsafe(COLUMNS)}`;
  return row;
}

export async function lockById(tx: Tx, id: string): Promise<LinkRow | undefined> {
  const [row] = await tx<LinkRow[]>`select ${tx.unsafe(COLUMNS)} from link_health where id = ${id} for update`;
  return row;
}

/** The titles of trainings and names of trainers among `ids`, by id (what a link belongs to). */
export async function listingNames(ids: string[], tx?: Tx): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  return within(tx, async (q) => {
    const rows = await q<{ id: string; name: string }[]>`
      select id, title as name from trainings where id in ${q(ids)}
      union all
      select id, name from trainers where id in ${q(ids)}`;
    return new Map(rows.map((row) => [row.id, row.name]));
  });
}
