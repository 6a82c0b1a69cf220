import { getSql } from './database/db';
import type { ListingEventType } from '../domain/performance/listingEvents';

/**
 * The listing counts (db/migrations/00031_listing_events.sql, 00041_listing_event_bounds.sql): per
 * training, day and type, and today's keyed hashes that make a repeat from one client count once.
 */
export interface KeyedEvent {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The keyed hash of the client, training and type (services/performance/eventKeys.ts). */
  hash: string;
  /** The day's keyed hash of the client alone: what it added that day is bounded. */
  client: string;
  trainingId: string;
  type: ListingEventType;
}

export interface Bounds {
  /** New hashes one client may add a day (COUNTS_PER_CLIENT_PER_DAY). */
  perClient: number;
  /** Hashes a day may hold in all (SEEN_EVENTS_PER_DAY). */
  perDay: number;
}

/**
 * Counts a batch in one statement: only events of a published training whose hash is new that day
 * are counted, while their client has added fewer than `perClient` that day and the day holds fewer
 * than `perDay`; a repeat, an unknown or unpublished training, or an event past a bound changes
 * nothing. Each (day, hash) appears once in a batch (the buffer is keyed by it). Instances writing
 * at the same moment may each pass a bound by one batch at most. Answers how many were counted.
 */
export async function countNew(events: readonly KeyedEvent[], bounds: Bounds): Promise<number> {
  if (events.length === 0) return 0;
  const sql = await getSql();
  const [row] = await sql<{ counted: number }[]>`
    with given as (
      select * from unnest(
        ${events.map((e) => e.day)}::date[], ${events.map((e) => e.hash)}::text[],
        ${events.map((e) => e.client)}::text[], ${events.map((e) => e.trainingId)}::uuid[],
        ${events.map((e) => e.type)}::text[]
      ) as g (day, hash, client, training_id, type)
    ),
    known as (
      select g.* from given g join trainings t on t.id = g.training_id and t.is_published
      where not exists (select 1 from listing_event_seen s where s.day = g.day and s.hash = g.hash)
    ),
    used as (
      select s.day, s.client, count(*)::int as n from listing_event_seen s
      where (s.day, s.client) in (select day, client from known)
      group by s.day, s.client
    ),
    within_client as (
      select k.day, k.hash, k.client, k.training_id, k.type from (
        select k.*, row_number() over (partition by k.day, k.client order by k.hash) as rank from known k
      ) k left join used u on u.day = k.day and u.client = k.client
      where k.rank + coalesce(u.n, 0) <= ${bounds.perClient}
    ),
    within_day as (
      select w.day, w.hash, w.client, w.training_id, w.type from (
        select w.*, row_number() over (partition by w.day order by w.hash) as rank from within_client w
      ) w left join listing_event_seen_days d on d.day = w.day
      where w.rank + coalesce(d.rows, 0) <= ${bounds.perDay}
    ),
    fresh as (
      insert into listing_event_seen (day, hash, client) select day, hash, client from within_day
      on conflict do nothing
      returning day, hash
    ),
    tallied as (
      insert into listing_event_seen_days as d (day, rows) select day, count(*)::int from fresh group by day
      on conflict (day) do update set rows = d.rows + excluded.rows
    ),
    counted as (
      insert into listing_event_counts as c (training_id, day, type, count)
        select k.training_id, k.day, k.type, count(*)::int
        from within_day k join fresh f on f.day = k.day and f.hash = k.hash
        group by k.training_id, k.day, k.type
      on conflict (training_id, day, type) do update set count = c.count + excluded.count
    )
    select count(*)::int as counted from fresh`;
  return row?.counted ?? 0;
}

/** Hashes of days before `day` can no longer match anything: their key is gone. */
export async function forgetBefore(day: string): Promise<void> {
  const sql = await getSql();
  await sql`delete from listing_event_seen where day < ${day}::date`;
  await sql`delete from listing_event_seen_days where day < ${day}::date`;
}

/** One training's count of one type on one day, with the names the page and the CSV show. */
export interface CountRow {
  day: string;
  trainingId: string;
  trainingTitle: string;
  trainerId: string;
  trainerName: string;
  type: ListingEventType;
  count: number;
}

export interface CountFilter {
  from: string;
  to: string;
  /** null: every trainer. */
  trainerIds: readonly string[] | null;
  /** null: every training of those trainers. */
  trainingIds?: readonly string[] | null;
}

/** The counts of a period, oldest day first, then by trainer and training. */
export async function counts({ from, to, trainerIds, trainingIds = null }: CountFilter): Promise<CountRow[]> {
  const sql = await getSql();
  return sql<CountRow[]>`
    select to_char(c.day, 'YYYY-MM-DD') as day, c.training_id, t.title as training_title,
           t.trainer_id, tr.name as trainer_name, c.type, c.count
    from listing_event_counts c
    join trainings t on t.id = c.training_id
    join trainers tr on tr.id = t.trainer_id
    where c.day between ${from}::date and ${to}::date
      and (${trainerIds === null}::boolean or t.trainer_id = any(${trainerIds ?? []}::uuid[]))
      and (${trainingIds === null}::boolean or c.training_id = any(${trainingIds ?? []}::uuid[]))
    order by c.day, tr.name, t.title, c.training_id, c.type`;
}

/** Each training's totals by type over a period (the page orders and pages trainings by them). */
export async function totals({
  from,
  to,
  trainerIds,
}: CountFilter): Promise<Omit<CountRow, 'day' | 'trainerId'>[]> {
  const sql = await getSql();
  return sql<Omit<CountRow, 'day' | 'trainerId'>[]>`
    select c.training_id, t.title as training_title, tr.name as trainer_name, c.type,
           sum(c.count)::int as count
    from listing_event_counts c
    join trainings t on t.id = c.training_id
    join trainers tr on tr.id = t.trainer_id
    where c.day between ${from}::date and ${to}::date
      and (${trainerIds === null}::boolean or t.trainer_id = any(${trainerIds ?? []}::uuid[]))
    group by c.training_id, t.title, tr.name, c.type`;
}
