import { describe, expect, test } from 'vitest';
import { MAX_PAGES_IN_PROCESS, planPublish, type PlanInput } from './plan';

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

  test('the start, the daily refresh and an operator’s full rebuild run an astro build', () => {
    for (const kind of ['boot', 'daily', 'full'] as const) {
      expect(planPublish(change({ kind }))).toMatchObject({ how: 'astro-build' });
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

  test(`a change of more than ${MAX_PAGES_IN_PROCESS} pages is an astro build; up to that many are rendered in-process`, () => {
    const many = (n: number, value: string) =>
      digests(Object.fromEntries(Array.from({ length: n }, (_, i) => [`/training/${i}`, value])));
    const before = { fingerprint: CODE, digests: many(MAX_PAGES_IN_PROCESS + 1, 'old') };
    expect(planPublish(change({ live: before, next: many(MAX_PAGES_IN_PROCESS + 1, 'new') }))).toMatchObject({
      how: 'astro-build',
      because: `${MAX_PAGES_IN_PROCESS + 1} pages changed`,
    });
    const edited = many(MAX_PAGES_IN_PROCESS + 1, 'old');
    for (let i = 0; i < MAX_PAGES_IN_PROCESS; i++) edited.set(`/training/${i}`, 'new');
    expect(planPublish(change({ live: before, next: edited }))).toMatchObject({ how: 'in-process' });
  });
});
