import * as offerings from '../../data/offerings';
import * as trainers from '../../data/trainers';
import * as history from '../../data/history';
import * as submissions from '../../data/submissions';
import type { Submission, SubmissionOf } from '../../data/submissions';
import type { Tx } from '../../data/publishQueue';
import { OfferingInputSchema, type Offering, type OfferingInput } from '../../domain/consultation/offering';
import { offeringTitle } from '../../domain/consultation/offeringCard';
import type { Actor } from '../../domain/actor';
import { needsReview, planSave } from '../../domain/review/reviewSplit';
import { checkVersion, InvalidInputError, NotFoundError } from '../errors';
import { assertTrainingTrainerInScope, isInScope, type TrainerScope } from '../trainerScope';
import { withPosition } from '../trainingPosition';
import { commit, only, type Committed } from './commit';
import type { Effect } from './effects';
import { applied, changedBy, propose, withdraw, writingAs, type Saved } from './proposals';

/**
 * Where a consultation offering is saved: the third record kind's one write module (docs/architecture.md,
 * Where a listing is saved; ADR 0037), shaped as training.ts. The admin and partner routes and the review
 * queue's Approve all come here. The body was parsed by the offering's one schema (domain/consultation/
 * offering.ts: its fields, the checks between them and EMDRIA's rules); here the trainer's scope, the ZIP
 * code's position, the review split and one commit, then the publish signal. A partner's offering waits
 * for review as a whole: none of its facts is urgent the way a training's sold-out seats are.
 */
export type SavedOffering = Saved<Offering>;

const who = (actor: Actor) => changedBy(actor, 'offering');
const notFound = () => new NotFoundError('Consultation offering not found');
const published: Effect[] = [{ kind: 'publish' }];

async function lockLive(tx: Tx, scope: TrainerScope, id: string, ifMatch: string | null | undefined) {
  const live = await offerings.lockById(tx, id);
  if (!live || !isInScope(scope, live.trainerId)) throw notFound();
  checkVersion('consultation offering', live.updatedAt, ifMatch);
  return live;
}

/** The consultant named: within the member's scope (else 404 as unknown), and existing (else 400 on the field). */
async function checkedInput(
  tx: Tx,
  scope: TrainerScope,
  given: OfferingInput,
  storedTrainerId: string | null,
): Promise<OfferingInput> {
  const movesTrainer = given.trainerId !== storedTrainerId;
  if (movesTrainer) assertTrainingTrainerInScope(scope, given.trainerId);
  const input = await withPosition(given);
  if (movesTrainer && !(await trainers.lockById(tx, input.trainerId)))
    throw new InvalidInputError('Invalid input', { trainerId: ['Trainer not found'] });
  return input;
}

/** The fields an offering's form edits: everything but its id and versions. */
export function formOf(offering: Offering): OfferingInput {
  const { id: _i, createdAt: _c, updatedAt: _u, revision: _r, ...input } = offering;
  return input;
}

export async function createOffering(member: Actor, given: OfferingInput): Promise<SavedOffering> {
  const writing = await writingAs(member);
  return commit(async (tx) => {
    const input = await checkedInput(tx, writing.scope, given, null);
    if (planSave({ op: 'create', writer: writing.writer }).outcome === 'apply') {
      const row = await offerings.insert(tx, input);
      await history.record(tx, { ...who(writing.actor), entityId: row.id, action: 'create', before: null, after: row });
      return only(applied(row), published);
    }
    // Stored unpublished and marked unreviewed: the database keeps it off the site until it is approved.
    const row = await offerings.insert(tx, { ...input, isPublished: false });
    await offerings.markUnreviewed(tx, row.id);
    await history.record(tx, { ...who(writing.actor), entityId: row.id, action: 'create', before: null, after: row });
    const proposal = { kind: 'offering_create', proposed: input } as const;
    const { submission, effects } = await propose(tx, writing, row, proposal, undefined, offeringTitle(input));
    return only({ record: { ...row, isPublished: input.isPublished }, reviewStatus: 'pending', submission }, [
      ...published,
      ...effects,
    ]);
  });
}

/** What a pending proposal makes of the live row (a delete request proposes no fields). */
const over = (live: Offering, pending: Submission | undefined): Offering =>
  pending && (pending.kind === 'offering_create' || pending.kind === 'offering_edit')
    ? { ...live, ...pending.proposed }
    : live;

/**
 * The whole offering, or only some fields (the list's publish toggle sends only `isPublished`): the
 * fields sent over the version the member sees, and the whole checked again by the one schema (a
 * refusal is a zod error: 400 with the field's message, as any invalid body).
 */
export async function editOffering(
  member: Actor,
  id: string,
  patch: Readonly<Record<string, unknown>>,
  ifMatch?: string | null,
): Promise<SavedOffering> {
  const writing = await writingAs(member);
  return commit(async (tx) => {
    const live = await lockLive(tx, writing.scope, id, ifMatch);
    const pending = await submissions.lockPendingOf(tx, id);
    const awaitsFirstReview = await offerings.isUnreviewed(tx, id);
    const seen = needsReview(writing.writer) ? over(live, pending) : live;
    const merged = OfferingInputSchema.parse({ ...formOf(seen), ...patch });
    const input = await checkedInput(tx, writing.scope, merged, live.trainerId);
    const plan = planSave({
      op: 'edit',
      writer: writing.writer,
      record: 'offering',
      before: formOf(live),
      after: input,
      fields: Object.keys(input),
      awaitsFirstReview,
      hasProposal: pending?.kind === 'offering_edit',
    });
    switch (plan.outcome) {
      case 'apply': {
        if (plan.approvesFirstReview && (await offerings.markReviewed(tx, id)))
          await approvePendingCreate(tx, id, writing.actor);
        if (!needsReview(writing.writer) || plan.now.length > 0) return write(tx, writing.actor, live, input);
        return only(applied(live));
      }
      case 'withdraw-proposal': {
        await withdraw(tx, pending!);
        return only(applied(live));
      }
      case 'propose': {
        const proposal = { kind: 'offering_edit', proposed: input } as const;
        const { submission, effects } = await propose(tx, writing, live, proposal, pending, offeringTitle(input));
        return only({ record: { ...live, ...input }, reviewStatus: 'pending', submission }, effects);
      }
      case 'keep-private': {
        const after = (await offerings.update(tx, id, { ...input, isPublished: false }))!;
        await history.record(tx, { ...who(writing.actor), entityId: id, action: 'update', before: live, after });
        const proposal = { kind: 'offering_create', proposed: input } as const;
        const { submission, effects } = await propose(tx, writing, live, proposal, pending, offeringTitle(input));
        return only({ record: { ...after, isPublished: input.isPublished }, reviewStatus: 'pending', submission }, [
          ...published,
          ...effects,
        ]);
      }
      default:
        throw new Error(`An offering edit cannot plan ${plan.outcome}`);
    }
  });
}

/** A team member published a partner's new offering themselves: its pending submission is decided by them. */
async function approvePendingCreate(tx: Tx, recordId: string, reviewer: Actor): Promise<void> {
  await tx`
    update submissions
    set status = 'approved', reviewer_id = ${reviewer.adminId}, reviewer_email = ${reviewer.email},
      decided_at = now(), version = version + 1
    where record_id = ${recordId} and kind = 'offering_create' and status = 'pending'`;
}

async function write(
  tx: Tx,
  actor: Actor,
  live: Offering,
  input: OfferingInput,
  proposedBy: string | null = null,
): Promise<Committed<SavedOffering>> {
  const after = (await offerings.update(tx, live.id, input))!;
  const action =
    live.isPublished !== after.isPublished ? (after.isPublished ? 'publish' : 'unpublish') : ('update' as const);
  await history.record(tx, { ...who(actor), entityId: live.id, action, before: live, after, proposedBy });
  return only(applied(after), published);
}

/** A partner's delete of an offering the public sees waits for review (202); any other delete is done. */
export async function deleteOffering(member: Actor, id: string, ifMatch?: string | null): Promise<SavedOffering> {
  const writing = await writingAs(member);
  return commit(async (tx) => {
    const live = await lockLive(tx, writing.scope, id, ifMatch);
    const pending = await submissions.lockPendingOf(tx, id);
    const plan = planSave({ op: 'delete', writer: writing.writer, isPublic: live.isPublished });
    if (plan.outcome === 'delete') return remove(tx, writing.actor, live, pending);
    const proposal = { kind: 'offering_delete', proposed: {} } as const;
    const { submission, effects } = await propose(tx, writing, live, proposal, pending, offeringTitle(live));
    return only({ record: live, reviewStatus: 'pending', submission }, effects);
  });
}

async function remove(
  tx: Tx,
  actor: Actor,
  live: Offering,
  pending: Submission | undefined,
  proposedBy: string | null = null,
): Promise<Committed<SavedOffering>> {
  if (pending) await withdraw(tx, pending);
  await offerings.remove(tx, live.id);
  await history.record(tx, {
    ...who(actor),
    entityId: live.id,
    action: 'delete',
    before: live,
    after: null,
    proposedBy,
  });
  return only(applied(live), published);
}

type OfferingSubmission =
  SubmissionOf<'offering_create'> | SubmissionOf<'offering_edit'> | SubmissionOf<'offering_delete'>;

/** A reviewer's approval, in the decision's transaction (decisions.ts): the row locked, then the submission. */
export async function applyApproved(tx: Tx, reviewer: Actor, s: OfferingSubmission, live: Offering): Promise<Effect[]> {
  if (s.kind === 'offering_delete') return (await remove(tx, reviewer, live, undefined, s.partnerEmail)).effects;
  if (s.kind === 'offering_create') await offerings.markReviewed(tx, live.id);
  const input = await checkedInput(tx, 'all', s.proposed, live.trainerId);
  return (await write(tx, reviewer, live, input, s.partnerEmail)).effects;
}

/** The offering row a decision locks first (the one lock order). */
export const lockForDecision = (tx: Tx, id: string) => offerings.lockById(tx, id);

/** The admin reads, within the member's scope: another partner's offering is 404, as an unknown one. */
export async function listOfferings(scope: TrainerScope): Promise<Offering[]> {
  return offerings.listAll(scope === 'all' ? null : scope);
}

export async function offeringInScope(scope: TrainerScope, id: string): Promise<Offering> {
  const found = await offerings.findById(id);
  if (!found || !isInScope(scope, found.trainerId)) throw notFound();
  return found;
}
