import { calendarEnvelope, writeLines } from './ical';
import { trainingEvent, type CalendarTraining } from './calendar';
import { formatMatches } from '../formats';
import { endOf } from '../listing/publicListing';
import type { Feed } from './feedCatalog';

/**
 * A feed's content: the upcoming trainings that the home filters would show for the feed's state
 * or format (the same rule, so a Hybrid training is in both the in-person and the virtual feed).
 */
export interface FeedTraining extends CalendarTraining {
  state: string | null;
}

export function feedTrainings<T extends FeedTraining>(feed: Feed, trainings: readonly T[], now: Date): T[] {
  const { state, format } = feed.filter;
  const at = now.getTime();
  return trainings.filter(
    (t) => endOf(t) > at && (!state || t.state === state) && (!format || formatMatches(t.format, format)),
  );
}

/** Clients re-read a subscription at their own pace; this asks for about once an hour. */
const REFRESH_HOURS = 1;

/**
 * A feed file's bytes. At 5,000 trainings the all-trainings feed is megabytes that every publish
 * writes again: its events are kept encoded and copied once into the file, where joining them as
 * text and encoding that took tens of milliseconds on the serving thread.
 */
export function feedCalendar(
  feed: Feed,
  trainings: readonly FeedTraining[],
  siteUrl: string | URL,
  now: Date,
): Uint8Array<ArrayBuffer> {
  return concatBytes(feedParts(feed, trainings, siteUrl, now));
}

/** The feed file's bytes in order: the envelope and each training's event as kept encoded. */
export function feedParts(
  feed: Feed,
  trainings: readonly FeedTraining[],
  siteUrl: string | URL,
  now: Date,
): Uint8Array[] {
  const [head, tail] = calendarEnvelope({ name: feed.name, refreshHours: REFRESH_HOURS });
  const events = feedTrainings(feed, trainings, now).map((t) => writtenEvent(t, String(siteUrl)));
  return [utf8.encode(head), ...events, utf8.encode(tail)];
}

const utf8 = new TextEncoder();

function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A training's event as written, kept while its row object lives: the same training is in the
 * all-trainings feed, its state's and its format's, and a publisher that keeps unchanged rows
 * between snapshots writes it once instead of at every publish.
 */
const written = new WeakMap<FeedTraining, { siteUrl: string; bytes: Uint8Array }>();

function writtenEvent(t: FeedTraining, siteUrl: string): Uint8Array {
  const found = written.get(t);
  if (found?.siteUrl === siteUrl) return found.bytes;
  const bytes = utf8.encode(writeLines(trainingEvent(t, siteUrl)));
  written.set(t, { siteUrl, bytes });
  return bytes;
}
