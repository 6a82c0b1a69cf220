import type { BuildKind } from '../data/publishing';
import type { PublishHow } from '../domain/publishHow';
import { touchedPages, type PageDigests } from '../prerender/pageInputs';

/**
 * How one publish is made, said once, from the change, the live build and the configuration: a
 * pure function beside `decide()` (policy.ts), which says when. Every branch has a sentence in
 * plan.test.ts.
 */
export type PublishPlan =
  | { how: 'deploy-hook' }
  | { how: 'in-process'; render: string[]; remove: string[] }
  | { how: 'astro-build'; because: string };

export interface PlanInput {
  /** Why this publish runs (the build record's kind). */
  kind: Exclude<BuildKind, 'hook'>;
  /** Deploy-hook mode: the CDN builds. */
  hook: boolean;
  /** The code fingerprint of this process's page renderer; null when it has none. */
  renderer: string | null;
  /**
   * The build this publish starts from: the live one, or at a start the copy of a cached build of
   * this code. Its code fingerprint and its page digests (null when it kept none).
   */
  live: { fingerprint: string | null; digests: PageDigests | null } | null;
  /** The page digests of the snapshot being published (null in hook mode, which takes none). */
  next: PageDigests | null;
}

export function planPublish({ kind, hook, renderer, live, next }: PlanInput): PublishPlan {
  if (hook) return { how: 'deploy-hook' };
  // The start's build is what makes a renderer: this code's own `astro build`, unless a build of
  // this code kept in the code cache (siteFolder/codeCache.ts) gave it one to render every page with.
  if (kind === 'boot' && !renderer) return { how: 'astro-build', because: 'the start builds this code' };
  if (!renderer) return { how: 'astro-build', because: 'this process has no page renderer' };
  if (!live) return { how: 'astro-build', because: 'no build is live' };
  if (live.fingerprint !== renderer) return { how: 'astro-build', because: 'the live build is of other code' };
  if (!live.digests || !next) return { how: 'astro-build', because: 'the live build kept no page digests' };
  const { render, remove } = touchedPages(live.digests, next);
  // The daily refresh and an operator's full rebuild render every page, in this process: a child
  // `astro build` of 5,000 trainings needs more memory than the whole server (docs/performance.md).
  if (kind !== 'change') return { how: 'in-process', render: [...next.keys()], remove };
  return { how: 'in-process', render, remove };
}

/** How a publish ended: one shape for every way, in-process, by `astro build` or by a deploy hook. */
export type PublishResult =
  | {
      outcome: 'published';
      buildId: string;
      how: PublishHow;
      ms: number;
      rendered?: number;
      restored?: number;
      cpuMs?: number;
      peakRssMiB?: number;
      /** Time per step, e.g. "snapshot 40 ms, digests 30 ms, render 120 ms, check 20 ms". */
      phases?: string;
    }
  | { outcome: 'failed'; buildId: string; how?: PublishHow; error: string }
  | { outcome: 'aborted'; buildId: string; how?: PublishHow };
