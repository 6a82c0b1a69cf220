import * as listingEvents from '../../data/listingEvents';
import type { KeyedEvent } from '../../data/listingEvents';
import {
  COUNTS_PER_CLIENT_PER_DAY,
  SEEN_EVENTS_PER_DAY,
  type ListingEvent,
} from '../../domain/performance/listingEvents';
import { utcDay } from '../../domain/performance/performance';
import { log } from '../../log';
import { clientHash, eventHash, type EventClient } from './eventKeys';
import { countsAsVisitor } from './visitors';

/**
 * Counting a listing's events (docs/decisions/0020-listing-analytics.md). `POST /api/events` only
 * hashes the event and keeps it in memory: no database round trip on the beacon's path. The
 * buffer is written in one statement (data/listingEvents.ts countNew) a few seconds after its
 * first event, or at once when it holds FLUSH_AT, and before any reader reads the counts. Bounded:
 * beyond MAX_PENDING, events are dropped until the next write (and logged). The embedded database
 * runs on this process's thread: 400 events took it 18 to 45 ms in one statement, so batches stay
 * at about 250.
 */
const FLUSH_MS = 2_000;
const FLUSH_AT = 250;
const MAX_PENDING = 20_000;

interface EventBuffer {
  pending: Map<string, KeyedEvent>;
  timer: ReturnType<typeof setTimeout> | null;
  writing: Promise<void> | null;
  /** The day whose older hashes this process last deleted. */
  prunedDay: string | null;
  dropped: number;
}

// One buffer per process (docs/decisions/0039-one-copy-of-the-code.md), so the start script's
// shutdown writes what the endpoint kept.
const eventBuffer: EventBuffer = { pending: new Map(), timer: null, writing: null, prunedDay: null, dropped: 0 };

function buffer(): EventBuffer {
  return eventBuffer;
}

/**
 * A client with Global Privacy Control or Do Not Track on is counted nowhere, whatever its page sent;
 * so is a bot, crawler, link checker or HTTP library by its User-Agent (visitors.ts). The agent
 * only decides that: it is not part of any hash.
 */
export interface CountedClient extends EventClient {
  userAgent: string;
  optedOut: boolean;
}

/**
 * Keeps the event for the next write. Whether the training exists and is published is decided by
 * that write: an unknown one is counted nowhere, and the answer is the same either way.
 */
export function recordListingEvent(event: ListingEvent, client: CountedClient, now = Date.now()): void {
  if (client.optedOut || !countsAsVisitor(client.userAgent)) return;
  const day = utcDay(now);
  const kept = buffer();
  const who = clientHash(day, client);
  for (const trainingId of event.trainingIds) {
    const hash = eventHash(day, client, trainingId, event.type);
    const key = `${day} ${hash}`;
    if (kept.pending.has(key)) continue;
    if (kept.pending.size >= MAX_PENDING) {
      kept.dropped += 1;
      continue;
    }
    kept.pending.set(key, { day, hash, client: who, trainingId, type: event.type });
  }
  if (kept.pending.size >= FLUSH_AT) void flushListingEvents();
  else if (kept.pending.size > 0 && !kept.timer) {
    kept.timer = setTimeout(() => void flushListingEvents(), FLUSH_MS);
    kept.timer.unref();
  }
}

/** Writes what this process holds; readers call it first, and the shutdown last. */
export async function flushListingEvents(): Promise<void> {
  const kept = buffer();
  while (kept.writing) await kept.writing;
  if (kept.timer) clearTimeout(kept.timer);
  kept.timer = null;
  const batch = [...kept.pending.values()];
  const dropped = kept.dropped;
  kept.pending = new Map();
  kept.dropped = 0;
  kept.writing = write(kept, batch, dropped).finally(() => (kept.writing = null));
  await kept.writing;
}

async function write(kept: EventBuffer, batch: KeyedEvent[], dropped: number): Promise<void> {
  if (dropped > 0) log.warn({ dropped }, 'listing events dropped: the buffer was full');
  try {
    await listingEvents.countNew(batch, { perClient: COUNTS_PER_CLIENT_PER_DAY, perDay: SEEN_EVENTS_PER_DAY });
    const today = utcDay(Date.now());
    if (kept.prunedDay !== today) {
      await listingEvents.forgetBefore(today);
      kept.prunedDay = today;
    }
  } catch (error) {
    // Counts are a figure, not a record: a batch the database refused is not retried without bound.
    log.warn({ err: error, events: batch.length }, 'listing events not written');
  }
}

const PRUNE_CHECK_MS = 10 * 60_000;

/**
 * Writes every few minutes even when nothing is counted, so yesterday's hashes are deleted early in
 * the new day (the privacy page says so) on a quiet site too. Returns the stop.
 */
export function startListingEventsPrune(): () => void {
  const timer = setInterval(() => void flushListingEvents(), PRUNE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
