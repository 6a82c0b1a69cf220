import { calendar } from './ical';
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
  const events = feedTrainings(feed, trainings, now).map((t) => trainingEvent(t, siteUrl));
  return calendar({ name: feed.name, refreshHours: REFRESH_HOURS }, events);
}
