/**
 * `?trainer={slug}` on the public list (docs/product.md, Widget): each trainer's rows of the listing,
 * by slug, grouped once per loaded listing so a widget's request looks at its trainer's rows only.
 */
export { TRAINER_PARAM_MESSAGE } from '../domain/trainerSlug';

export function trainerRows(
  listed: readonly { trainerId: string }[],
  slugIds: ReadonlyMap<string, string>,
): Map<string, number[]> {
  const byId = Map.groupBy(listed.keys(), (i) => listed[i]!.trainerId);
  const bySlug = new Map<string, number[]>();
  for (const [slug, id] of slugIds) bySlug.set(slug, byId.get(id) ?? []);
  return bySlug;
}
