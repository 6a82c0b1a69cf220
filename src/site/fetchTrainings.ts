import type { TrainingCardData } from '../domain/listing/trainingCard';
import type { FilterCounts } from '../domain/listing/listingQuery';
import { listingApiQuery, type ListingView } from '../domain/listing/listingView';

export interface ListingPage {
  cards: TrainingCardData[];
  total: number;
  page: number;
  pageCount: number;
  counts: FilterCounts | null;
}

/** The API refused the view (400): its first field message ('Unknown ZIP code') is the visitor's to fix. */
export class RefusedView extends Error {}

/**
 * One request per view: a page of card projections, the total and the counts per filter option
 * (`GET /api/trainings` with page, limit, fields=card, counts=1). Errors read '{status}: {body}'.
 */
export async function fetchListingPage(view: ListingView, signal?: AbortSignal): Promise<ListingPage> {
  const response = await fetch(`/api/trainings?${listingApiQuery(view)}`, { credentials: 'include', signal });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    if (response.status === 400) {
      const refused = Object.values(safeJson(body)?.fieldErrors ?? {})[0]?.[0];
      if (refused) throw new RefusedView(refused);
    }
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

function safeJson(text: string): { fieldErrors?: Record<string, string[]> } | null {
  try {
    return JSON.parse(text) as { fieldErrors?: Record<string, string[]> };
  } catch {
    return null;
  }
}
