import { writeCalendar, writeLines } from './ical';
import { trainingEvent, type CalendarTraining } from './calendar';
import { formatMatches } from './formats';
import { instant } from './publicListing';
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
  return trainings.filter(
    (t) =>
      instant(t.endDate) > now.getTime() &&
      (!state || t.state === state) &&
      (!format || formatMatches(t.format, format)),
  );
}

/** Clients re-read a subscription at their own pace; this asks for about once an hour. */
const REFRESH_HOURS = 1;

export function feedCalendar(feed: Feed, trainings: readonly FeedTraining[], siteUrl: string | URL, now: Date) {
  const events = feedTrainings(feed, trainings, now).map((t) => writtenEvent(t, String(siteUrl)));
  return writeCalendar({ name: feed.name, refreshHours: REFRESH_HOURS }, events);
}

/**
 * A training's event as written, kept while its row object lives: the same training is in the
 * all-trainings feed, its state's and its format's, and a publisher that keeps unchanged rows
 * between snapshots writes it once instead of at every publish.
 */
const written = new WeakMap<FeedTraining, { siteUrl: string; text: string }>();

function writtenEvent(t: FeedTraining, siteUrl: string): string {
  const found = written.get(t);
  if (found?.siteUrl === siteUrl) return found.text;
  const text = writeLines(trainingEvent(t, siteUrl));
  written.set(t, { siteUrl, text });
  return text;
}
