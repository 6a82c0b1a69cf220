import * as reviewTimes from '../../data/reviewTimes';
import { REVIEW_TIME_WINDOW_DAYS, type DecidedReviews, type ReviewsWaiting } from '../../domain/review/reviewTimes';

/**
 * The review queue's figures (docs/product.md, Review queue): the team's count of what waits with the
 * oldest's age (the dashboard card and the nav's badge), and the usual time to a decision that a
 * partner's first-visit panel states.
 */
export function reviewsWaiting(): Promise<ReviewsWaiting> {
  return reviewTimes.waiting();
}

export function decidedReviews(): Promise<DecidedReviews> {
  return reviewTimes.decided(REVIEW_TIME_WINDOW_DAYS);
}
