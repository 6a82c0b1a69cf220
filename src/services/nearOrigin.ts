import { NEARBY_MESSAGES, parseNear, type Position } from '../domain/nearMe/nearby';
import { lookupZip } from '../data/zipTable';

/**
 * The place a list query's `near` names (docs/product.md, Near me): a ZIP code through the ZIP table,
 * a position as given. Field errors in the API's error shape when the ZIP code is unknown or a
 * distance sort has no `near`.
 */
export async function nearOrigin(
  filters: { near: string },
  sort: string | undefined,
): Promise<{ position: Position | null } | { error: string; fieldErrors: Record<string, string[]> }> {
  const near = filters.near ? parseNear(filters.near) : null;
  if (!near) {
    return sort === 'distance'
      ? { error: 'Invalid paging or sort', fieldErrors: { sort: [NEARBY_MESSAGES.distanceSort] } }
      : { position: null };
  }
  if ('position' in near) return { position: near.position };
  const zip = await lookupZip(near.zip);
  if (!zip) return { error: 'Invalid filter', fieldErrors: { near: [NEARBY_MESSAGES.unknownNear] } };
  return { position: { latitude: zip.latitude, longitude: zip.longitude } };
}

/**
 * Each answered row's JSON with its `distanceMiles` (null for a virtual one) when the query had a
 * `near`: the rows' JSON is made once per snapshot, so the distance is added to the text.
 */
export function withDistance(json: string[], distances: (number | null)[] | null): string[] {
  if (!distances) return json;
  return json.map((row, k) => `${row.slice(0, -1)},"distanceMiles":${distances[k] ?? null}}`);
}
