import { describe, expect, test } from 'vitest';
import { planPublish, type PlanInput } from './plan';

const CODE = 'fingerprint-of-this-code';
const digests = (pages: Record<string, string>) => new Map(Object.entries(pages));
const LIVE = digests({ '/': 'a', '/training/1': 'b', '/training/2': 'c' });

const change = (over: Partial<PlanInput> = {}): PlanInput => ({
  kind: 'change',
  hook: false,
  renderer: CODE,
  live: { fingerprint: CODE, digests: LIVE },
  next: digests({ '/': 'a', '/training/1': 'B', '/training/2': 'c' }),
  ...over,
});

describe('how a publish is made', () => {
  test('a change renders the pages whose inputs changed in this process, and drops pages that are gone', () => {
    expect(planPublish(change())).toEqual({ how: 'in-process', render: ['/training/1'], remove: [] });
    expect(planPublish(change({ next: digests({ '/': 'a', '/training/1': 'b' }) }))).toEqual({
      how: 'in-process',
      render: [],
      remove: ['/training/2'],
    });
  });

  test('in deploy-hook mode every publish calls the hook, whatever changed', () => {
    for (const kind of ['change', 'daily', 'full', 'boot'] as const) {
      expect(planPublish(change({ kind, hook: true, next: null }))).toEqual({ how: 'deploy-hook' });
    }
  });

  test('the start runs an astro build: it makes the renderer of this code', () => {
    expect(planPublish(change({ kind: 'boot', renderer: null, live: null }))).toMatchObject({
      how: 'astro-build',
      because: /the start builds this code/,
    });
  });

  test('a start from the cached build of this code renders every page in this process, dropping the cached pages', () => {
    const next = digests({ '/': 'a', '/training/9': 'z' });
    expect(planPublish(change({ kind: 'boot', next }))).toEqual({
      how: 'in-process',
      render: ['/', '/training/9'],
      remove: ['/training/1', '/training/2'],
    });
    // A cached build of other code is no base for it.
    expect(planPublish(change({ kind: 'boot', live: { fingerprint: 'older code', digests: LIVE } }))).toMatchObject({
      how: 'astro-build',
    });
  });

  test('the daily refresh and an operator’s full rebuild render every page in this process, dropping pages that are gone', () => {
    const next = digests({ '/': 'a', '/training/1': 'b' });
    for (const kind of ['daily', 'full'] as const) {
      expect(planPublish(change({ kind, next }))).toEqual({
        how: 'in-process',
        render: ['/', '/training/1'],
        remove: ['/training/2'],
      });
    }
  });

  test('a change runs an astro build when this process cannot render it: no renderer, no live build, other code, no digests', () => {
    expect(planPublish(change({ renderer: null }))).toMatchObject({ how: 'astro-build', because: /no page renderer/ });
    expect(planPublish(change({ live: null }))).toMatchObject({ how: 'astro-build', because: /no build is live/ });
    expect(planPublish(change({ live: { fingerprint: 'older code', digests: LIVE } }))).toMatchObject({
      how: 'astro-build',
      because: /other code/,
    });
    expect(planPublish(change({ live: { fingerprint: CODE, digests: null } }))).toMatchObject({
      how: 'astro-build',
      because: /no page digests/,
    });
  });

  test('a change of thousands of pages (a new year in every footer) is rendered in this process too', () => {
    const many = (n: number, value: string) =>
      digests(Object.fromEntries(Array.from({ length: n }, (_, i) => [`/training/${i}`, value])));
    const plan = planPublish(
      change({ live: { fingerprint: CODE, digests: many(5000, 'old') }, next: many(5000, 'new') }),
    );
    expect(plan).toMatchObject({ how: 'in-process' });
    expect(plan.how === 'in-process' && plan.render.length).toBe(5000);
  });
});
