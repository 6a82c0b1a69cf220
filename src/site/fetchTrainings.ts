import type { TrainingCardData } from '../domain/trainingCard';
import type { FilterCounts } from '../domain/listingQuery';
import { listingApiQuery, type ListingView } from '../domain/listingView';

export interface ListingPage {
  cards: TrainingCardData[];
  total: number;
  page: number;
  pageCount: number;
  counts: FilterCounts | null;
}

/**
 * One request per view: a page of card projections, the total and the counts per filter option
 * (`GET /api/trainings` with page, limit, fields=card, counts=1). Errors read '{status}: {body}'.
 */
export async function fetchListingPage(view: ListingView, signal?: AbortSignal): Promise<ListingPage> {
  const response = await fetch(`/api/trainings?${listingApiQuery(view)}`, { credentials: 'include', signal });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(`${response.status}: ${body || response.statusText}`);
  }
  const cards = ((await response.json()) as TrainingCardData[] | null) ?? [];
  const total = Number(response.headers.get('x-total-count') ?? cards.length);
  const page = Number(response.headers.get('x-page') ?? view.page);
  const countsHeader = response.headers.get('x-filter-counts');
  return {
    cards,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / view.limit)),
    counts: countsHeader ? (JSON.parse(countsHeader) as FilterCounts) : null,
  };
}
