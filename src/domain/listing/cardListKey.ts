import type { TrainingCardData } from './trainingCard';

/**
 * A short fingerprint of a card list (FNV-1a over its JSON). The home island compares the first
 * live answer with the list the page was built with, and leaves the built HTML in place when they
 * are the same: replacing identical cards would only delay Largest Contentful Paint.
 */
export function cardListKey(cards: readonly TrainingCardData[]): string {
  const text = JSON.stringify(cards);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${cards.length}-${(hash >>> 0).toString(16)}`;
}
