import type { LinkKind } from './linkHealth';
import type { ReportReason, ReportStatus } from './reports';

/**
 * The listing problems as the team reads them (docs/product.md, Trust): broken links and reports,
 * each from its own table with its own status (src/services/trust/listingProblems.ts makes them). The
 * admin page shows them; the partners' review queue (docs/product.md, Review queue) lists the same items.
 */
export interface BrokenLinkProblem {
  kind: 'broken-link';
  id: string;
  trainingId: string | null;
  trainerId: string | null;
  /** The training's title or the trainer's name. */
  listing: string;
  linkKind: LinkKind;
  url: string;
  brokenSince: string;
  /** "Register link broken since Mar 5, 2026". */
  text: string;
  lastResult: string | null;
  lastCheckedAt: string | null;
}

/** A report as the team reads it: never the reporter's address, only whether they asked to hear back. */
export interface ReportView {
  id: string;
  trainingId: string;
  title: string;
  reason: ReportReason;
  reasonLabel: string;
  details: string | null;
  createdAt: string;
  status: ReportStatus;
  note: string | null;
  closedAt: string | null;
  closedBy: string | null;
  /** The reporter left an address to hear how it ended (until that mail goes). */
  awaitsOutcomeMail: boolean;
  outcomeMail: 'sent' | 'failed' | 'held' | 'queued' | null;
}

export interface ReportProblem extends ReportView {
  kind: 'report';
}

export type ListingProblem = BrokenLinkProblem | ReportProblem;
