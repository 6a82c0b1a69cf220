/**
 * How long review takes, in words (docs/product.md, Review queue: "The team's overview" and "The
 * partner's first visit"): the team's count of what waits with the oldest's age, and the partner's
 * "usually decided within …" from real decisions. Pure: the figures come from the database.
 */

/** The window the usual review time is measured over. */
export const REVIEW_TIME_WINDOW_DAYS = 90;
/** Fewer decisions than this in the window: too few to say what is usual, so the fallback sentence. */
export const REVIEW_TIME_MIN_DECISIONS = 5;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A span in words, rounded down to its largest unit: "45 minutes", "5 hours", "3 days". */
export function durationWords(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 3600) return plural(Math.max(1, Math.floor(s / 60)), 'minute');
  if (s < 86_400) return plural(Math.floor(s / 3600), 'hour');
  return plural(Math.floor(s / 86_400), 'day');
}

/** What waits for the team: how many submissions, and how long the oldest has waited (seconds). */
export interface ReviewsWaiting {
  count: number;
  oldestAgeSeconds: number | null;
}

/** "oldest 3 days"; null when nothing waits. */
export function oldestText(waiting: ReviewsWaiting): string | null {
  return waiting.count === 0 || waiting.oldestAgeSeconds === null
    ? null
    : `oldest ${durationWords(waiting.oldestAgeSeconds)}`;
}

/** The dashboard card's sentence: "3 submissions wait for review, oldest 2 days." */
export function waitingSentence(waiting: ReviewsWaiting): string {
  if (waiting.count === 0) return 'Nothing is waiting for review.';
  const verb = waiting.count === 1 ? 'waits' : 'wait';
  return `${plural(waiting.count, 'submission')} ${verb} for review, ${oldestText(waiting)}.`;
}

/** Decisions (approved or not) of the window: how many, and the median from submission to decision. */
export interface DecidedReviews {
  decided: number;
  medianSeconds: number | null;
}

export const REVIEW_TIME_FALLBACK =
  'We have decided too few reviews lately to say how long one usually takes; the team reviews changes as they arrive, and you get a mail when yours is decided.';

/** The partner's sentence about how long review takes: the median of real decisions, or the fallback. */
export function usualReviewTimeText(reviews: DecidedReviews): string {
  if (reviews.decided < REVIEW_TIME_MIN_DECISIONS || reviews.medianSeconds === null) return REVIEW_TIME_FALLBACK;
  return `Over the last ${REVIEW_TIME_WINDOW_DAYS} days, half of all reviews were decided within ${durationWords(
    Math.max(60, reviews.medianSeconds),
  )} of being sent.`;
}
