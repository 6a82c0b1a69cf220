import fs from 'node:fs';
import path from 'node:path';
import { TRAINER_REDIRECTS_PATH } from '../domain/trainers/trainerSlug';

/**
 * The old trainer slugs of one published build (docs/product.md, Trainer pages), read from the
 * build's own map the first time a path of that build misses, so a 301 always leads to a page of the
 * same build. A build without the map (made before trainer pages) has no old slugs.
 */
export function readTrainerRedirects(root: string): Map<string, string> {
  try {
    const file = path.join(root, ...TRAINER_REDIRECTS_PATH.split('/').filter(Boolean));
    const moved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    return new Map(Object.entries(moved).filter(([from, to]) => typeof from === 'string' && typeof to === 'string'));
  } catch {
    return new Map();
  }
}
