import * as memberNotices from '../../data/memberNotices';
import * as submissions from '../../data/submissions';
import { usualReviewTimeText } from '../../domain/review/reviewTimes';
import type { MemberNotice } from '../../domain/team/memberNotices';
import { decidedReviews } from '../review/reviewTimes';

/**
 * A partner's first visit (docs/product.md, Partners: "First visit"): the introduction to review in
 * their area, until they dismiss it; the usual review time it states comes from real decisions.
 */
export interface PartnerWelcome {
  reviewTime: string;
  trusted: boolean;
}

/** The introduction for this member, or null once they dismissed it. */
export async function partnerWelcomeFor(memberId: string): Promise<PartnerWelcome | null> {
  if (await memberNotices.isDismissed(memberId, 'partner-welcome')) return null;
  return { reviewTime: usualReviewTimeText(await decidedReviews()), trusted: await submissions.isTrusted(memberId) };
}

export function dismissNotice(memberId: string, notice: MemberNotice): Promise<void> {
  return memberNotices.dismiss(memberId, notice);
}
