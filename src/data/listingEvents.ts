import { getSql } from './database/db';
import type { ListingEventType } from '../domain/performance/listingEvents';

/**
 * The listing counts (db/migrations/00031_listing_events.sql): per training, day and type, and
 * today's keyed hashes that make a repeat from one client count once.
 */
export interface KeyedEvent {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The keyed hash of the client, training and type (services/performance/eventKeys.ts). */
  hash: string;
  trainingId: string;
  type: ListingEventType;
}

/**
 * Counts a batch in one statement: only events of a published training whose hash is new that day
 * are counted; a repeat, an unknown or an unpublished training changes nothing. Each (day, hash)
 * appears once in a batch (the buffer is keyed by it).
 */
export async function countNew(events: readonly KeyedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const sql = await getSql();
  await sql`
    with given as (
      select * from unnest(
        ${events.map((e) => e.day)}::date[], ${events.map((e) => e.hash)}::text[],
        ${events.map((e) => e.trainingId)}::uuid[], ${events.map((e) => e.type)}::text[]
      ) as g (day, hash, training_id, type)
    ),
    known as (
      select g.* from given g join trainings t on t.id = g.training_id and t.is_published
    ),
    fresh as (
      insert into listing_event_seen (day, hash) select day, hash from known
      on conflict do nothing
      returning day, hash
    )
    insert into listing_event_counts as c (training_id, day, type, count)
      select k.training_id, k.day, k.type, count(*)::int
      from known k join fresh f on f.day = k.day and f.hash = k.hash
      group by k.training_id, k.day, k.type
    on conflict (training_id, day, type) do update set count = c.count + excluded.count`;
}

/** Hashes of days before `day` can no longer match anything: their key is gone. */
export async function forgetBefore(day: string): Promise<void> {
  const sql = await getSql();
  await sql`delete from listing_event_seen where day < ${day}::date`;
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
