import * as trainings from '../../data/trainings';
import * as history from '../../data/history';
import * as submissions from '../../data/submissions';
import type { Submission, SubmissionOf } from '../../data/submissions';
import type { Tx } from '../../data/publishQueue';
import type { Training, TrainingInput, TrainingPatch } from '../../domain/training';
import type { Actor } from '../../domain/actor';
import { needsReview, planSave } from '../../domain/review/reviewSplit';
import { checkVersion } from '../errors';
import { assertTrainingInScope, type TrainerScope } from '../trainerScope';
import { commit, only, type Committed } from './commit';
import { rowWritten, type Effect } from './effects';
import { applied, changedBy, propose, withdraw, writingAs, type Saved } from './proposals';
import { actionOf, checkedInput, formOf, merge, pick } from './trainingChecks';
import { copiedInput } from '../../domain/trainingCopy';

/**
 * Where a training is saved: its one write module (docs/architecture.md, Where a listing is saved).
 * Every save of a training goes through here: the admin and partner routes, and the review queue's
 * Approve (`applyApproved`). Each parses and checks the merged record once, asks the review split who
 * may apply what, writes the row, its history entry and the proposal in one commit, and returns the
 * effects that run after it (publish signal, link check, mail).
 */
export type SavedTraining = Saved<Training>;

const who = (actor: Actor) => changedBy(actor, 'training');

/** The row first, locked: the one lock order is the listing's row, then its submission. */
async function lockLive(tx: Tx, scope: TrainerScope, id: string, ifMatch: string | null | undefined) {
  const live = await trainings.lockById(tx, id);
  assertTrainingInScope(scope, live);
  checkVersion('training', live.updatedAt, ifMatch);
  return live;
}

/** A new training; `origin` when it is a copy of another on new dates (its history then says so). */
export async function createTraining(member: Actor, given: TrainingInput, origin?: Training): Promise<SavedTraining> {
  const writing = await writingAs(member);
  const first = { action: origin ? ('copy' as const) : ('create' as const), before: origin ?? null };
  return commit(async (tx) => {
    const input = await checkedInput(tx, writing.scope, given, null);
    if (planSave({ op: 'create', writer: writing.writer }).outcome === 'apply') {
      const row = await trainings.insert(input, tx);
      await history.record(tx, { ...who(writing.actor), entityId: row.id, ...first, after: row });
      return only(applied(row), rowWritten({ trainingId: row.id }));
    }
    // Stored unpublished, whatever isPublished says, and marked unreviewed: the database keeps it off
    // the site until a reviewer approves it. The proposal keeps the whole of it, as the partner sent it.
    const row = await trainings.insert({ ...input, isPublished: false }, tx);
    await submissions.markUnreviewed(tx, row.id);
    await history.record(tx, { ...who(writing.actor), entityId: row.id, ...first, after: row });
    const proposal = { kind: 'training_create', proposed: input } as const;
    const { submission, effects } = await propose(tx, writing, row, proposal, undefined, input.title);
    const seen = { ...row, isPublished: input.isPublished };
    return only({ record: seen, reviewStatus: 'pending', submission }, [
      ...rowWritten({ trainingId: row.id }),
      ...effects,
    ]);
  });
}

/**
 * Copy to new dates (docs/product.md): every fact of the training the member may reach (another's is
 * 404), its parts moved by the same days on their own clocks, open again without seats; saved as any
 * new training, so a team member's copy is a draft and a partner's waits for review.
 */
export async function copyTraining(member: Actor, id: string, startDate: string): Promise<SavedTraining> {
  const writing = await writingAs(member);
  const source = await trainings.findById(id);
  assertTrainingInScope(writing.scope, source);
  const input = copiedInput(formOf(source), startDate, needsReview(writing.writer));
  return createTraining(member, input, source);
}

/** The whole training, or only some fields (the list's publish toggle sends only `isPublished`). */
export async function editTraining(
  member: Actor,
  id: string,
  patch: TrainingPatch,
  ifMatch?: string | null,
): Promise<SavedTraining> {
  const writing = await writingAs(member);
  return commit(async (tx) => {
    const live = await lockLive(tx, writing.scope, id, ifMatch);
    const pending = await submissions.lockPendingOf(tx, id);
    const awaitsFirstReview = await submissions.isUnreviewed(tx, id);
    // A partner edits the version they see: the live row with their pending proposal over it.
    const seen = needsReview(writing.writer) && pending ? over(live, pending) : live;
    const input = await checkedInput(tx, writing.scope, merge(seen, patch), live.trainerId);
    const plan = planSave({
      op: 'edit',
      writer: writing.writer,
      record: 'training',
      before: formOf(live),
      after: input,
      fields: Object.keys(input),
      awaitsFirstReview,
      hasProposal: pending?.kind === 'training_edit',
    });
    switch (plan.outcome) {
      case 'apply': {
        if (plan.approvesFirstReview && (await submissions.markReviewed(tx, id)))
          await submissions.approvePendingCreate(tx, id, writing.actor);
        // The team's save writes the whole record; a partner's only what applies at once.
        if (!needsReview(writing.writer)) return write(tx, writing.actor, live, input, patch);
        return applyNow(tx, writing.actor, live, input, plan.now);
      }
      case 'withdraw-proposal': {
        await withdraw(tx, pending!);
        return applyNow(tx, writing.actor, live, input, plan.now);
      }
      case 'propose': {
        const now = await applyNow(tx, writing.actor, live, input, plan.now);
        const proposal = { kind: 'training_edit', proposed: pick(input, plan.review) } as const;
        const { submission, effects } = await propose(tx, writing, live, proposal, pending, input.title);
        const record = { ...now.result.record, ...proposal.proposed } as Training;
        return only({ record, reviewStatus: 'pending', submission }, [...now.effects, ...effects]);
      }
      case 'keep-private': {
        // Not yet approved: the row stays private and holds the latest version; the proposal the whole of it.
        const after = (await trainings.update(id, { ...input, isPublished: false }, tx))!;
        await history.record(tx, { ...who(writing.actor), entityId: id, action: 'update', before: live, after });
        const proposal = { kind: 'training_create', proposed: input } as const;
        const { submission, effects } = await propose(tx, writing, live, proposal, pending, input.title);
        const record = { ...after, isPublished: input.isPublished };
        return only({ record, reviewStatus: 'pending', submission }, [{ kind: 'publish' }, ...effects]);
      }
      default:
        throw new Error(`A training edit cannot plan ${plan.outcome}`);
    }
  });
}

/** What a pending proposal makes of the live row (a delete request proposes no fields). */
function over(live: Training, pending: Submission): Training {
  return pending.kind === 'training_create' || pending.kind === 'training_edit'
    ? ({ ...live, ...pending.proposed } as Training)
    : live;
}

/** A partner's changes that apply at once, over the live row (nothing written when there are none). */
function applyNow(tx: Tx, actor: Actor, live: Training, input: TrainingInput, now: readonly string[]) {
  if (now.length === 0) return Promise.resolve(only(applied(live)));
  const patch = pick(input, now);
  return write(tx, actor, live, merge(live, patch), patch);
}

/** The row written, with its history entry; `patch` names what the caller sent (a toggle is a publish). */
async function write(
  tx: Tx,
  actor: Actor,
  live: Training,
  input: TrainingInput,
  patch: TrainingPatch = input,
  proposedBy: string | null = null,
): Promise<Committed<SavedTraining>> {
  const after = (await trainings.update(live.id, input, tx))!;
  await history.record(tx, {
    ...who(actor),
    entityId: live.id,
    action: actionOf(patch, live),
    before: live,
    after,
    proposedBy,
  });
  return only(applied(after), rowWritten({ trainingId: live.id }));
}

/** A partner's delete of a training the public sees waits for review (202); any other delete is done. */
export async function deleteTraining(member: Actor, id: string, ifMatch?: string | null): Promise<SavedTraining> {
  const writing = await writingAs(member);
  return commit(async (tx) => {
    const live = await lockLive(tx, writing.scope, id, ifMatch);
    const pending = await submissions.lockPendingOf(tx, id);
    const plan = planSave({ op: 'delete', writer: writing.writer, isPublic: live.isPublished });
    if (plan.outcome === 'delete') return remove(tx, writing.actor, live, pending);
    // A delete request and an edit proposal replace each other: the latest is what the partner wants.
    const proposal = { kind: 'training_delete', proposed: {} } as const;
    const { submission, effects } = await propose(tx, writing, live, proposal, pending, live.title);
    return only({ record: live, reviewStatus: 'pending', submission }, effects);
  });
}

/** The row deleted (its reports stay: db/migrations/00045), a proposal left for it withdrawn. */
async function remove(
  tx: Tx,
  actor: Actor,
  live: Training,
  pending: Submission | undefined,
  proposedBy: string | null = null,
): Promise<Committed<SavedTraining>> {
  if (pending) await withdraw(tx, pending);
  await trainings.remove(live.id, tx);
  await history.record(tx, {
    ...who(actor),
    entityId: live.id,
    action: 'delete',
    before: live,
    after: null,
    proposedBy,
  });
  return only(applied(live), [{ kind: 'publish' }]);
}

type TrainingSubmission = SubmissionOf<'training_create' | 'training_edit' | 'training_delete'>;

/**
 * A reviewer's approval of a training's submission, in the decision's transaction (services/listings/
 * decisions.ts): the training's row is locked already, and the submission after it. The proposal is
 * checked and applied as any save of the team's, the history naming the partner (`proposedBy`), and
 * the effects are a save's: the publish signal and the link check.
 */
export async function applyApproved(tx: Tx, reviewer: Actor, s: TrainingSubmission, live: Training): Promise<Effect[]> {
  if (s.kind === 'training_delete') return (await remove(tx, reviewer, live, undefined, s.partnerEmail)).effects;
  // A new training may now be published: the database refuses it while it is marked unreviewed.
  if (s.kind === 'training_create') await submissions.markReviewed(tx, live.id);
  const input = await checkedInput(tx, 'all', merge(live, s.proposed), live.trainerId);
  return (await write(tx, reviewer, live, input, s.proposed, s.partnerEmail)).effects;
}

/** The training row a decision locks first (the one lock order). */
export const lockForDecision = (tx: Tx, id: string) => trainings.lockById(tx, id);
