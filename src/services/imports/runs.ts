import * as imports from '../../data/imports';
import * as trainings from '../../data/trainings';
import type { Actor } from '../../domain/actor';
import { isPartner } from '../../domain/team/roles';
import type { ImportItem } from '../../domain/imports/importOutcomes';
import { listFilterOf, scopeOfActor } from '../trainerScope';

/**
 * The record of imports (docs/product.md, Import): each run with who, which source, the counts and the
 * rows refused; and the listings that left their calendar, waiting for Cancel the training or Keep it.
 */

/** A preview as the API answers it: what each row would do, without the values kept for Apply. */
export function runAnswer(run: imports.ImportRun) {
  const items = (run.items as ImportItem[]).map(({ values: _v, sourceTexts: _s, fields: _f, ...shown }) => shown);
  return {
    id: run.id,
    createdAt: run.createdAt,
    adminEmail: run.adminEmail,
    sourceKind: run.sourceKind,
    source: run.source,
    counts: run.counts,
    appliedAt: run.appliedAt,
    applied: run.appliedCounts,
    items,
  };
}

export async function listImports(actor: Actor) {
  const team = !(actor.role && isPartner(actor.role));
  const runs = (await imports.listRuns(actor.adminId, team)).map((run) => ({
    id: run.id,
    createdAt: run.createdAt,
    adminEmail: run.adminEmail,
    sourceKind: run.sourceKind,
    source: run.source,
    counts: run.counts,
    appliedAt: run.appliedAt,
    applied: run.appliedCounts,
    refused: (run.items as ImportItem[])
      .filter((i) => i.outcome === 'invalid')
      .map((i) => ({ row: i.row, title: i.title, errors: i.errors ?? [] })),
  }));
  return { runs, leftCalendar: await leftCalendar(actor) };
}

/** "No longer in your calendar since …": the member's listings whose event left its feed. */
export async function leftCalendar(actor: Actor) {
  const only = listFilterOf(await scopeOfActor(actor));
  const gone = (await imports.linksOf(only)).filter((l) => l.missingSince);
  const rows = await Promise.all(gone.map(async (l) => ({ link: l, listing: await trainings.findById(l.listingId) })));
  return rows
    .filter((r) => r.listing)
    .map(({ link, listing }) => ({
      id: listing!.id,
      title: listing!.title,
      timeZone: listing!.timeZone,
      since: link.missingSince!,
      source: link.source,
    }));
}
