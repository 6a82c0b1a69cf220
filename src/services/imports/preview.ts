import * as imports from '../../data/imports';
import * as trainers from '../../data/trainers';
import * as trainings from '../../data/trainings';
import type { Actor } from '../../domain/actor';
import { isUuid } from '../../domain/fields';
import { TrainingInputSchema, type Training } from '../../domain/training';
import { isPartner } from '../../domain/team/roles';
import { errorAt, IMPORT_MESSAGES, type ImportError, type SourceRow } from '../../domain/imports/importRows';
import { decideField, fieldTexts, findMatch, type MatchedBy } from '../../domain/imports/importMatch';
import { FIELD_LABELS } from '../../domain/imports/importOutcomes';
import type { ImportCounts, ImportItem } from '../../domain/imports/importOutcomes';
import { withReviewState } from '../review/reviewState';
import { listFilterOf, scopeOfActor } from '../trainerScope';

/**
 * The preview of an import (docs/product.md, Import): every row or event read, parsed with the
 * training form's schema, matched (docs/decisions/0047-import-matching-and-locks.md) and told apart as
 * new, changed (field by field), unchanged, a possible duplicate or invalid. Nothing of a listing is
 * written: the run is kept with its items until Apply.
 */
export interface ImportSource {
  kind: 'csv' | 'feed';
  /** The file's name or the feed's address: the history says "imported from" it. */
  label: string;
  feedId: string | null;
  rows: SourceRow[];
}

/** What the member sees of a listing: a partner their pending version over the live row. */
async function seenListings(actor: Actor, only: readonly string[] | null): Promise<Training[]> {
  const rows = await trainings.listAll(only);
  return actor.role && isPartner(actor.role) ? await withReviewState(rows) : rows;
}

/** The trainer a row names: its id or its name, among the trainers the member may reach. */
function trainerResolver(list: readonly { id: string; name: string }[]) {
  const byName = new Map(list.map((t) => [t.name.trim().toLowerCase(), t.id]));
  const ids = new Set(list.map((t) => t.id));
  return (given: unknown): string | null => {
    if (typeof given !== 'string') return null;
    if (ids.has(given)) return given;
    // An id the member may not reach is as unknown as a name no trainer has.
    const name = given.trim().toLowerCase();
    return isUuid(given) ? null : (byName.get(name) ?? null);
  };
}

/** The fields a row states: what the source gives, and nothing the schema would default. */
const statedFields = (values: Record<string, unknown>) => Object.keys(values).filter((f) => f !== 'isPublished');

function linkTo(listing: Training, by: MatchedBy) {
  return { id: listing.id, title: listing.title, href: `/admin/trainings/${listing.id}`, by };
}

export async function previewImport(actor: Actor, source: ImportSource): Promise<imports.ImportRun> {
  const only = listFilterOf(await scopeOfActor(actor));
  const [trainerList, listings, links] = await Promise.all([
    trainers.listAll(only),
    seenListings(actor, only),
    imports.linksOf(only),
  ]);
  const trainerOf = trainerResolver(trainerList);
  const byId = new Map(listings.map((l) => [l.id, l]));
  const linkById = new Map(links.map((l) => [l.listingId, l]));
  const linkByUid = new Map(links.filter((l) => l.uid).map((l) => [`${l.trainerId}|${l.uid}`, l]));
  const taken = new Set<string>();

  const items: ImportItem[] = source.rows.map((row) => {
    const errors: ImportError[] = [...row.errors];
    const trainerId = trainerOf(row.values.trainerId);
    if (!trainerId) errors.push(errorAt(row.row, ['trainerId'], IMPORT_MESSAGES.unknownTrainer));
    const values = { ...row.values, ...(trainerId ? { trainerId } : {}) };
    const parsed = TrainingInputSchema.safeParse(values);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'trainerId' && !trainerId) continue;
        errors.push(errorAt(row.row, issue.path, issue.message));
      }
    const title = typeof row.values.title === 'string' ? row.values.title : '';
    if (errors.length > 0 || !parsed.success) return { row: row.row, uid: row.uid, title, outcome: 'invalid', errors };
    const input = parsed.data;
    const fields = statedFields(values);
    const sourceTexts = fieldTexts(input, fields);
    const base = { row: row.row, uid: row.uid, title: input.title, values, fields, sourceTexts };

    const byUid = row.uid ? linkByUid.get(`${input.trainerId}|${row.uid}`) : undefined;
    const matched =
      byUid && byId.has(byUid.listingId)
        ? { listing: byId.get(byUid.listingId)!, by: 'uid' as const }
        : findMatch(input, listings);
    const link = matched ? linkById.get(matched.listing.id) : undefined;
    // A row that is a listing another row of this read already took is a duplicate within the source.
    if (matched && (!link || taken.has(matched.listing.id)))
      return { ...base, outcome: 'duplicate', duplicateOf: linkTo(matched.listing, matched.by) };
    if (!matched || !link) return { ...base, outcome: 'new' };
    taken.add(matched.listing.id);
    const listingTexts = fieldTexts(matched.listing as unknown as Record<string, unknown>, fields);
    const now = { source: sourceTexts, listing: listingTexts };
    const decided = fields.map((field) => ({ field, decision: decideField(field, now, link) }));
    const change = (field: string) => ({
      field,
      label: FIELD_LABELS[field] ?? field,
      before: JSON.parse(listingTexts[field]!) as unknown,
      after: JSON.parse(sourceTexts[field]!) as unknown,
    });
    const changes = decided.filter((d) => d.decision === 'changed').map((d) => change(d.field));
    const kept = decided.filter((d) => d.decision === 'kept').map((d) => change(d.field));
    const listing = linkTo(matched.listing, matched.by);
    return { ...base, outcome: changes.length > 0 ? 'changed' : 'unchanged', listing, changes, kept };
  });

  const present = new Set(items.map((i) => i.uid).filter(Boolean));
  const left = source.feedId
    ? links
        .filter((l) => l.feedId === source.feedId && l.uid && !present.has(l.uid) && byId.has(l.listingId))
        .map((l) => ({ id: l.listingId, title: byId.get(l.listingId)!.title, href: `/admin/trainings/${l.listingId}` }))
    : [];
  const counts: ImportCounts = { new: 0, changed: 0, unchanged: 0, duplicate: 0, invalid: 0, left: left.length };
  for (const item of items) counts[item.outcome] += 1;
  return imports.insertRun({
    adminId: actor.adminId,
    adminEmail: actor.email,
    sourceKind: source.kind,
    source: source.label,
    feedId: source.feedId,
    items: [
      ...items,
      ...left.map((l) => ({ row: '', uid: null, title: l.title, outcome: 'left' as const, listing: l })),
    ],
    counts,
  });
}
