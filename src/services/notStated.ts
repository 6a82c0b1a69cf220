/**
 * Each answered row's JSON with `"eligibilityNotStated":true` where the "I am a …" filter kept it
 * only because it states nothing (ADR 0045): the card says so. The rows' JSON is made once per
 * snapshot, so the flag is added to the text, as the distance is (nearOrigin.ts).
 */
export function withNotStated(json: string[], notStated: readonly boolean[] | null): string[] {
  if (!notStated) return json;
  return json.map((row, k) => (notStated[k] ? `${row.slice(0, -1)},"eligibilityNotStated":true}` : row));
}
