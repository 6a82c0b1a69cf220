import { toCardData, type TrainingCardData } from '../domain/siteData';
import { filtersToQuery, type TrainingFilters } from '../domain/filterQuery';

/** `GET /api/trainings` with only the filters that are set (SPEC §7); errors read '{status}: {body}' (SPEC §8). */
export async function fetchTrainings(filters: TrainingFilters, signal?: AbortSignal): Promise<TrainingCardData[]> {
  const query = filtersToQuery(filters);
  const response = await fetch(`/api/trainings${query ? `?${query}` : ''}`, { credentials: 'include', signal });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(`${response.status}: ${body || response.statusText}`);
  }
  const rows = (await response.json()) as Parameters<typeof toCardData>[0][] | null;
  return (rows ?? []).map(toCardData);
}
