import * as trainings from '../../data/trainings';
import * as trainers from '../../data/trainers';
import * as offerings from '../../data/offerings';
import type { Offering } from '../../domain/consultation/offering';
import { offeringTitle } from '../../domain/consultation/offeringCard';
import * as submissions from '../../data/submissions';
import type { Submission } from '../../data/submissions';
import { fieldChanges, type FieldChange } from '../../domain/review/review';
import type { ListPage } from '../../domain/adminList';
import { ConflictError, NotFoundError } from '../errors';
import { hostOf, readableChanges, whatToCheck, type ReadableChange } from '../../domain/review/readableChanges';
import { DEFAULT_TIME_ZONE } from '../../domain/time/timeZones';

/**
 * The review queue as the team reads it (docs/product.md, Review queue; ADR 0024): the pending
 * submissions, and one with what it would change. Its decisions (approve, reject, withdraw) are saves
 * of their record, in the listings' write modules (services/listings/decisions.ts).
 */

/** A submission's version as an entity tag, for If-Match. */
export const submissionEtag = (s: Pick<Submission, 'version'>) => `"s${s.version}"`;

export interface SubmissionView {
  id: string;
  kind: Submission['kind'];
  recordId: string;
  trainerId: string | null;
  trainerName: string | null;
  title: string;
  partnerEmail: string;
  status: Submission['status'];
  reviewerEmail: string | null;
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  ageSeconds: number;
  version: number;
  etag: string;
}

/** Decided already, or changed since the caller read it: 409 with the submission as it is now. */
export class SubmissionConflictError extends ConflictError {
  constructor(
    message: string,
    readonly current: SubmissionView,
  ) {
    super(message);
  }
}

const notFound = () => new NotFoundError('Submission not found');

/**
 * What a submission is named by: a trainer edit by the trainer (its proposed name first), a training
 * by its title (its proposed one first); a record gone and never named, ''.
 */
export function submissionTitle(
  s: Submission,
  live: { title: string } | { name: string } | Offering | undefined,
): string {
  const liveName = !live ? '' : 'kind' in live ? offeringTitle(live) : 'title' in live ? live.title : live.name;
  if (s.kind === 'trainer_edit') return s.proposed.name ?? liveName;
  if (s.kind === 'training_delete' || s.kind === 'offering_delete') return liveName;
  if (s.kind === 'offering_create' || s.kind === 'offering_edit') return offeringTitle(s.proposed);
  return s.proposed.title ?? liveName;
}

const isOffering = (kind: Submission['kind']) => kind.startsWith('offering_');

/** The record a submission is about, as it is now (undefined when it is gone). */
function liveRecordOf(s: Submission) {
  if (s.kind === 'trainer_edit') return trainers.findById(s.recordId);
  if (isOffering(s.kind)) return offerings.findById(s.recordId);
  return trainings.findById(s.recordId);
}

/** A submission as the queue shows it; `title` when the caller knows it (a deleted training's). */
export async function viewOf(
  s: Submission & { trainerName?: string | null },
  now = new Date(),
  title?: string,
): Promise<SubmissionView> {
  const live = await liveRecordOf(s);
  const trainer = s.kind === 'trainer_edit' ? (live as Awaited<ReturnType<typeof trainers.findById>>) : undefined;
  return {
    id: s.id,
    kind: s.kind,
    recordId: s.recordId,
    trainerId: s.trainerId,
    trainerName: s.trainerName ?? trainer?.name ?? null,
    title: title ?? submissionTitle(s, live),
    partnerEmail: s.partnerEmail,
    status: s.status,
    reviewerEmail: s.reviewerEmail,
    reason: s.reason,
    createdAt: s.createdAt,
    decidedAt: s.decidedAt,
    ageSeconds: Math.max(0, Math.floor((now.getTime() - s.createdAt.getTime()) / 1000)),
    version: s.version,
    etag: submissionEtag(s),
  };
}

export async function listQueue(page = 1): Promise<ListPage<SubmissionView>> {
  const found = await submissions.listPending(page);
  const now = new Date();
  return { ...found, rows: await Promise.all(found.rows.map((s) => viewOf(s, now))) };
}

/**
 * One submission with what it would change, field by field, as JSON shows it (a new training: every
 * field, before empty; a delete request: the training going).
 */
export async function reviewDetail(id: string): Promise<SubmissionView & { changes: FieldChange[] }> {
  const s = await submissions.findById(id);
  if (!s) throw notFound();
  const live = s.kind === 'training_create' || s.kind === 'offering_create' ? null : await liveRecordOf(s);
  const asJson = (value: object) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const before = live ? asJson(live) : null;
  const changes =
    s.kind === 'training_delete' || s.kind === 'offering_delete'
      ? [
          {
            field: isOffering(s.kind) ? 'offering' : 'training',
            before: (live && submissionTitle(s, live)) || null,
            after: null,
          },
        ]
      : fieldChanges(before, asJson(s.proposed));
  return { ...(await viewOf(s)), changes };
}

/**
 * A training submission as its review page shows it (docs/product.md, Review queue): the changed
 * fields in words, in the form's order, and what the reviewer must check. Null for other kinds.
 */
export async function readableTrainingReview(
  s: Pick<SubmissionView, 'id' | 'kind' | 'recordId' | 'trainerId'>,
): Promise<{ changes: ReadableChange[]; checks: string[] } | null> {
  if (s.kind !== 'training_create' && s.kind !== 'training_edit') return null;
  const found = await submissions.findById(s.id);
  if (!found) return null;
  const live = s.kind === 'training_create' ? null : await trainings.findById(s.recordId);
  const asJson = (value: object) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const before = live ? asJson(live) : null;
  const proposed = asJson(found.proposed);
  const names = new Map((await trainers.listNames()).map((t) => [t.id, t.name]));
  const text = (...values: unknown[]) => values.find((v): v is string => typeof v === 'string' && v !== '');
  const timeZone = text(proposed.timeZone, before?.timeZone) ?? DEFAULT_TIME_ZONE;
  const changes = readableChanges(before, proposed, { trainerName: (id) => names.get(id) ?? null, timeZone });
  // The domains this trainer's other trainings already send people to.
  const trainerId = text(proposed.trainerId, before?.trainerId, s.trainerId) ?? '';
  const others = trainerId ? (await trainings.listAll([trainerId])).filter((t) => t.id !== s.recordId) : [];
  const knownHosts = new Set(
    others
      .flatMap((t) => [t.thinkificUrl, t.waitlistUrl])
      .flatMap((url) => (url ? [hostOf(url)] : []))
      .filter((h) => h !== null),
  );
  return { changes, checks: whatToCheck(before, proposed, knownHosts) };
}
