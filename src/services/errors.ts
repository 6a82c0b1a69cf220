import { etagFor, ifMatchAllows } from '../domain/etag';

/**
 * What an admin use case can refuse, in its own terms; `src/server/` turns these into HTTP answers
 * at the edge, so the use cases stay callable from anywhere (a CLI, a test, an import job).
 */
export class ServiceError extends Error {}

/** Unknown, or outside what the member may see (another's id): answered 404, optionally on a field. */
export class NotFoundError extends ServiceError {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/** An action the member's role may not take at all (a partner creating a trainer profile): answered 403. */
export class ForbiddenError extends ServiceError {}

/** A decision already taken (a report already ended, a link already dismissed): answered 409. */
export class ConflictError extends ServiceError {}

/** A limit of the member's use (a partner's upload quota): answered 429 with Retry-After. */
export class QuotaError extends ServiceError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** A link or offer that existed but has run out (an invitation past its 72 hours): answered 410. */
export class ExpiredError extends ServiceError {}

/** The record changed since the caller read it (its If-Match names an older version). */
export class StaleVersionError extends ServiceError {
  constructor(
    message: string,
    readonly currentEtag: string,
  ) {
    super(message);
  }
}

/**
 * A decision that must name the version it was made on (a review's Approve and Reject): without
 * If-Match it would decide on whatever the proposal is by then. Answered 428 (RFC 6585 §3).
 */
export class PreconditionRequiredError extends ServiceError {}

/** Input that is valid on its own but not against the stored data (a trainer that is gone…). */
export class InvalidInputError extends ServiceError {
  constructor(
    message: string,
    readonly fieldErrors: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * A publish the product's disclosure rule refuses (docs/product.md, Program facts): the input is
 * valid, but a Basic Training may be listed only with its full cost stated. Answered 422.
 */
export class UndisclosedCostError extends InvalidInputError {}

/** Refuses a write whose expected version (If-Match) is not the stored one. */
export function checkVersion(noun: string, updatedAt: Date, ifMatch: string | null | undefined): void {
  const current = etagFor(updatedAt);
  if (!ifMatchAllows(ifMatch, current)) {
    throw new StaleVersionError(`This ${noun} was changed by someone else; reload it and try again`, current);
  }
}
