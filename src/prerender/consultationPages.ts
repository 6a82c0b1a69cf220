import type { SiteData, SiteOffering } from '../domain/siteData';
import { offeringEntry, queryOfferings } from '../domain/consultation/offeringQuery';
import { EMPTY_OFFERING_FILTERS, DEFAULT_OFFERING_SORT } from '../domain/consultation/offeringFilters';
import { toOfferingCard, type OfferingCardData } from '../domain/consultation/offeringCard';
import { credentialLine } from '../domain/consultation/consultants';
import { PAGE_SIZE } from '../domain/listing/listingView';
import type { Offering } from '../domain/consultation/offering';

/**
 * The consultation pages' view of the publisher's snapshot (docs/product.md, Consultation): the open
 * offerings soonest first, paged like the trainings list, each with its card. The same in-memory query
 * as `GET /api/consultations` (domain/consultation/offeringQuery.ts), with no filter set.
 */
export interface ListedOffering {
  offering: SiteOffering;
  card: OfferingCardData;
}

/** The snapshot's JSON offering as the domain reads it: its dates as strings are what it uses. */
const asOffering = (o: SiteOffering) => o as unknown as Offering & SiteOffering;

export function cardOf(o: SiteOffering, now: Date): OfferingCardData {
  return toOfferingCard(asOffering(o), {
    credential: credentialLine(o.consultantCredential, o.trainer.verified, now),
    trainer: { name: o.trainer.name, photo: o.trainer.photo },
  });
}

export function listedOfferings(data: SiteData, now = new Date(data.generatedAt)): ListedOffering[] {
  const all = data.offerings ?? [];
  const view = {
    filters: EMPTY_OFFERING_FILTERS,
    sort: DEFAULT_OFFERING_SORT,
    page: 1,
    limit: Number.MAX_SAFE_INTEGER,
  };
  const { indices } = queryOfferings(
    all.map((o) => offeringEntry(asOffering(o))),
    view,
    now,
  );
  return indices.map((i) => ({ offering: all[i]!, card: cardOf(all[i]!, now) }));
}

export function consultationPages(data: SiteData): { page: number; entries: ListedOffering[] }[] {
  const listed = listedOfferings(data);
  const count = Math.max(1, Math.ceil(listed.length / PAGE_SIZE));
  return Array.from({ length: count }, (_, i) => ({
    page: i + 1,
    entries: listed.slice(i * PAGE_SIZE, (i + 1) * PAGE_SIZE),
  }));
}

export const consultationIndexPath = (page: number) => (page > 1 ? `/consultation/page/${page}` : '/consultation');
