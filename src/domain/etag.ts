/**
 * Versions of admin records (RFC 9110 entity tags), derived from `updatedAt`: every write moves
 * `updatedAt` forward by at least a millisecond, so a record's tag changes with each change. The
 * admin list carries `updatedAt`, so the browser derives the same tag for the row it edits.
 */
export function etagFor(updatedAt: Date | string): string {
  return `"${new Date(updatedAt).getTime().toString(36)}"`;
}

/**
 * Whether an `If-Match` header allows changing a record whose current tag is `current`. No header:
 * yes (the API works as before). `*`: yes, the record exists. Otherwise one of the listed tags must
 * equal it by strong comparison, so a weak tag (`W/"…"`) never matches (RFC 9110 §13.1.1).
 */
export function ifMatchAllows(header: string | null | undefined, current: string): boolean {
  if (header === null || header === undefined) return true;
  const value = header.trim();
  if (value === '*') return true;
  const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((tag) => tag === current);
}
