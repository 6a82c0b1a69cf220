import { calendar } from './ical';
import { trainingEvent, type CalendarTraining } from './calendar';
import { matchesFilters } from './filters';
import type { Feed } from './feedCatalog';

/**
 * A feed's content: the upcoming trainings that the home filters would show for the feed's state
 * or format (the same rule, so a Hybrid training is in both the in-person and the virtual feed).
 */
export interface FeedTraining extends CalendarTraining {
  state: string | null;
}

const NO_FILTERS = { search: '', state: '', format: '', dateRange: '' };

export function feedTrainings<T extends FeedTraining>(feed: Feed, trainings: readonly T[], now: Date): T[] {
  const filters = { ...NO_FILTERS, ...feed.filter };
  return trainings.filter((t) =>
    matchesFilters(
      { state: t.state, format: t.format, startDate: new Date(t.startDate), endDate: new Date(t.endDate) },
      '',
      filters,
      now,
      null,
    ),
  );
}

/** Clients re-read a subscription at their own pace; this asks for about once an hour. */
const REFRESH_HOURS = 1;

export function feedCalendar(feed: Feed, trainings: readonly FeedTraining[], siteUrl: string | URL, now: Date) {
  const events = feedTrainings(feed, trainings, now).map((t) => trainingEvent(t, siteUrl));
  return calendar({ name: feed.name, refreshHours: REFRESH_HOURS }, events);
}
