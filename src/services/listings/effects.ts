import { wakePublishers } from '../../data/publishSignal';
import type { LinkOwner } from '../../data/trust/linkHealth';
import { log } from '../../log';
import { checkLinksSoon } from '../trust/linkHealth';
import { releasePhotoKey } from '../trainerPhotos';

/**
 * What a listing save does once its transaction has committed (docs/architecture.md, Where a listing
 * is saved): the commit returns these, and `runEffects` is the one place that carries them out. None
 * of them can undo the save, so none of them fails it: each is logged and left. Mail is no effect: it
 * is a row of the outbox written in the commit itself (docs/decisions/0038-mail-outbox.md).
 */
export type Effect =
  /** Tell this process's publishers the queue has a request (other instances heard the NOTIFY). */
  | { kind: 'publish' }
  /** Check the listing's links soon, in the background (docs/product.md, Link health). */
  | { kind: 'check-links'; owner: LinkOwner }
  /** A trainer's photo no row holds any more: its stored object is deleted. */
  | { kind: 'release-photo'; before: string | null; after: string | null };

/** The effects of a save that wrote a listing's row: the publish signal and its links' check. */
export const rowWritten = (owner: LinkOwner): Effect[] => [{ kind: 'publish' }, { kind: 'check-links', owner }];

export async function runEffects(effects: readonly Effect[]): Promise<void> {
  for (const effect of effects) {
    try {
      await run(effect);
    } catch (error) {
      log.error({ err: error, effect: effect.kind }, 'after-commit effect failed');
    }
  }
}

async function run(effect: Effect): Promise<void> {
  switch (effect.kind) {
    case 'publish':
      return wakePublishers();
    case 'check-links':
      return checkLinksSoon(effect.owner);
    case 'release-photo':
      // Awaited: the answer says the old photo is gone, so it must be.
      return releasePhotoKey(effect.before, effect.after);
  }
}
