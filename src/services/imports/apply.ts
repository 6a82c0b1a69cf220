import * as imports from '../../data/imports';
import type { Actor, SourcedActor } from '../../domain/actor';
import { TrainingInputSchema } from '../../domain/training';
import { isPartner } from '../../domain/team/roles';
import { undisclosed } from '../../domain/trainingFacts/programFacts';
import { fieldTexts } from '../../domain/imports/importMatch';
import type { ImportError } from '../../domain/imports/importRows';
import type { ImportItem } from '../../domain/imports/importOutcomes';
import { createTraining, editTraining } from '../listings/training';
import { pick } from '../listings/trainingChecks';
import { ConflictError, InvalidInputError, NotFoundError, ServiceError } from '../errors';
import { assertTrainerInScope, scopeOfActor } from '../trainerScope';

/**
 * Apply of a previewed import (docs/product.md, Import): every new row is created and every changed
 * field written through the one write path (services/listings/training.ts), as the member's own save:
 * the team's rows become drafts, a partner's submissions waiting for review, never live listings. A
 * Basic Training without its cost disclosure stays a draft. Fields kept ("changed here") are not
 * written, and stay locked: their `written` text is left as it was (docs/decisions/0047).
 */
export interface AppliedCounts {
  created: number;
  changed: number;
  refused: number;
}

const toRecord = (value: object) => value as unknown as Record<string, unknown>;

/** The history names the source: "imported from events.csv". */
const via = (actor: Actor, source: string): SourcedActor => ({ ...actor, importedFrom: source });

export async function applyImport(
  actor: Actor,
  runId: string,
  now = new Date(),
): Promise<{ run: imports.ImportRun; applied: AppliedCounts; refused: ImportError[] }> {
  const run = await imports.findRun(runId, actor.adminId);
  if (!run) throw new NotFoundError('Import not found');
  // Claimed first: two Applies of one preview at once create its rows once.
  if (run.appliedAt || !(await imports.claimRun(run.id)))
    throw new ConflictError('This preview was applied already: read the source again for a new preview');
  const member = via(actor, run.source);
  const partner = actor.role !== undefined && isPartner(actor.role);
  const counts: AppliedCounts = { created: 0, changed: 0, refused: 0 };
  const refused: ImportError[] = [];
  const link = (item: ImportItem, listingId: string, written: Record<string, string>) =>
    imports.saveLink({
      listingId,
      kind: 'training',
      trainerId: String(item.values!.trainerId),
      uid: item.uid,
      source: run.source,
      feedId: run.feedId,
      imported: item.sourceTexts!,
      written,
    });

  for (const item of run.items as ImportItem[]) {
    try {
      if (item.outcome === 'new') {
        const input = TrainingInputSchema.parse(item.values);
        // The team's rows wait as drafts; a partner's as a submission, listed once approved unless a
        // Basic Training's cost is not disclosed (then a draft, with the form's checklist).
        const publishable = partner && (input.programType !== 'basic' || undisclosed(input).length === 0);
        const saved = await createTraining(member, { ...input, isPublished: publishable });
        await link(item, saved.record.id, fieldTexts(toRecord(saved.record), item.fields!));
        counts.created += 1;
      } else if (item.outcome === 'changed' && item.listing) {
        const input = TrainingInputSchema.parse(item.values);
        const changed = item.changes!.map((c) => c.field);
        const saved = await editTraining(member, item.listing.id, pick(input, changed));
        const before = (await imports.linkOf(item.listing.id))?.written ?? {};
        const after = fieldTexts(toRecord(saved.record), item.fields!);
        const keptFields = new Set((item.kept ?? []).map((k) => k.field));
        // A kept field keeps its `written` text, so it stays locked on the next read.
        const written = Object.fromEntries(
          item.fields!.map((f) => [f, keptFields.has(f) && f in before ? before[f]! : after[f]!]),
        );
        await link(item, item.listing.id, written);
        counts.changed += 1;
      }
    } catch (error) {
      if (!(error instanceof ServiceError) && !(error instanceof Error && error.name === 'ZodError')) throw error;
      counts.refused += 1;
      const fieldErrors = error instanceof InvalidInputError ? error.fieldErrors : { '': [error.message] };
      for (const [field, messages] of Object.entries(fieldErrors))
        for (const message of messages) refused.push({ row: item.row, field, column: field, message });
    }
  }
  if (run.feedId) {
    const present = (run.items as ImportItem[]).map((i) => i.uid).filter((u): u is string => Boolean(u));
    await imports.markMissing(run.feedId, present, now);
  }
  await imports.recordApplied(run.id, counts, refused);
  return { run, applied: counts, refused };
}

/** "No longer in your calendar": Cancel the training (its availability Cancelled) or Keep it. */
export async function decideLeft(actor: Actor, listingId: string, decision: 'cancel' | 'keep'): Promise<void> {
  const found = await imports.linkOf(listingId);
  if (!found || !found.missingSince) throw new NotFoundError('Training not found');
  assertTrainerInScope(await scopeOfActor(actor), found.trainerId);
  if (decision === 'cancel') await editTraining(actor, listingId, { availability: 'cancelled' });
  await imports.unlink(listingId);
}
