import * as linkHealth from '../../data/trust/linkHealth';
import * as reports from '../../data/trust/listingReports';
import * as history from '../../data/history';
import { transaction } from '../../data/database/transaction';
import { brokenText, LINK_LABELS, type LinkKind } from '../../domain/trust/linkHealth';
import { mailEnv } from '../../settings';
import { ConflictError, NotFoundError } from '../errors';
import type { Actor } from '../../domain/actor';
import { reportView } from './listingReports';
import type { BrokenLinkProblem, ListingProblem, ReportProblem, ReportView } from '../../domain/trust/listingProblems';

/**
 * The listing problems, one read model (docs/product.md, Trust): broken links and open reports, each
 * kept in its own table with its own status. The team's "Listing problems" page reads it today; the
 * review queue of partner submissions (docs/product.md, Review queue) lists the same items beside its own by calling
 * `listOpenListingProblems()`.
 */
export type { BrokenLinkProblem, ListingProblem };

function brokenLinkProblem(row: linkHealth.BrokenLink): BrokenLinkProblem {
  return {
    kind: 'broken-link',
    id: row.id,
    trainingId: row.trainingId,
    trainerId: row.trainerId,
    listing: row.listing,
    linkKind: row.kind,
    url: row.url,
    brokenSince: row.brokenSince!.toISOString(),
    text: brokenText(row.kind, row.brokenSince!, mailEnv().siteTimeZone),
    lastResult: row.lastResult,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
  };
}

const openedAt = (p: ListingProblem) => (p.kind === 'report' ? p.createdAt : p.brokenSince);

/** Every open problem, oldest first: broken links not dismissed, reports not ended. */
export async function listOpenListingProblems(): Promise<ListingProblem[]> {
  const [broken, open] = [await linkHealth.listBroken(), await reports.listOpen()];
  return [
    ...broken.map(brokenLinkProblem),
    ...open.map((row): ReportProblem => ({ kind: 'report', ...reportView(row) })),
  ].sort((a, b) => openedAt(a).localeCompare(openedAt(b)));
}

/** The reports the team ended most recently, newest first (what was decided, and the note). */
export async function listRecentlyEndedReports(): Promise<ReportView[]> {
  return (await reports.listRecentlyClosed()).map(reportView);
}

/** The broken links of some trainings ("Register link broken since …" in the admin list), by training. */
export async function brokenLinksOf(trainingIds: string[]): Promise<Map<string, BrokenLinkProblem[]>> {
  const byTraining = new Map<string, BrokenLinkProblem[]>();
  for (const row of await linkHealth.listBroken(trainingIds)) {
    const list = byTraining.get(row.trainingId!) ?? [];
    list.push(brokenLinkProblem(row));
    byTraining.set(row.trainingId!, list);
  }
  return byTraining;
}

/** Admin list rows with their broken links, as `brokenLinks: [{kind, since, text}]` (empty when none). */
export async function withBrokenLinks<T extends { id: string }>(
  rows: T[],
): Promise<(T & { brokenLinks: { kind: LinkKind; since: string; text: string }[] })[]> {
  const broken = await brokenLinksOf(rows.map((row) => row.id));
  return rows.map((row) => ({
    ...row,
    brokenLinks: (broken.get(row.id) ?? []).map((b) => ({ kind: b.linkKind, since: b.brokenSince, text: b.text })),
  }));
}

/**
 * The team dismisses a broken link (a site that refuses checkers, a link that works for people): no
 * flag and no mail for this address until it changes or works again. Recorded in the history.
 */
export async function dismissBrokenLink(actor: Actor, id: string, note: string): Promise<void> {
  await transaction(async (tx) => {
    const row = await linkHealth.lockById(tx, id);
    if (!row) throw new NotFoundError('Link not found');
    if (row.status !== 'broken' || row.dismissedAt)
      throw new ConflictError('This link is not broken, or was already dismissed');
    await linkHealth.dismiss(tx, id, actor.email, note);
    const names = await linkHealth.listingNames([row.trainingId ?? row.trainerId!], tx);
    const label = names.get(row.trainingId ?? row.trainerId!) ?? '';
    const problem = `${LINK_LABELS[row.kind]} broken (${row.url})`;
    await history.record(tx, {
      adminId: actor.adminId,
      adminEmail: actor.email,
      entityType: row.trainingId ? 'training' : 'trainer',
      entityId: row.trainingId ?? row.trainerId!,
      action: 'resolve',
      before: { [row.trainingId ? 'title' : 'name']: label, problem, status: 'open' },
      after: {
        [row.trainingId ? 'title' : 'name']: label,
        problem,
        status: 'dismissed',
        note,
        decision: `${problem}: dismissed: ${note}`,
      },
    });
  });
}
