import { SubmissionConflictError, type SubmissionView } from '../services/review/reviews';
import { json } from './answers';

/**
 * A review decision's answer (docs/product.md, Review queue): the submission as it now is, with its
 * version as ETag; a decision that lost (another reviewer was first, or the If-Match is old) is 409
 * with the submission's new state in the body, in the one error shape plus `submission`.
 */
export async function decisionAnswer(decide: () => Promise<SubmissionView>): Promise<Response> {
  try {
    const view = await decide();
    return json(view, 200, { etag: view.etag });
  } catch (error) {
    if (!(error instanceof SubmissionConflictError)) throw error;
    return json({ error: error.message, submission: error.current }, 409, { etag: error.current.etag });
  }
}
