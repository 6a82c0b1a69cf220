import { describe, expect, test } from 'vitest';
import { readableChanges, whatToCheck, wordDiff } from './readableChanges';

const ctx = { trainerName: (id: string) => (id === 't1' ? 'Dr. Ana Ruiz' : null), timeZone: 'America/Los_Angeles' };

describe('a submission in words', () => {
  test('only changed fields, in the form’s order, with its labels; the trainer by name; yes/no in words', () => {
    const before = { title: 'A', price: 1200, trainerId: 't0', isEMDRIACertified: false, description: 'x' };
    const after = { isEMDRIACertified: true, price: 1500, trainerId: 't1', title: 'A', description: 'x' };
    const changes = readableChanges(before, after, ctx);
    expect(changes.map((c) => c.label)).toEqual(['Trainer', 'Price (USD)', 'EMDRIA Certified']);
    expect(changes[0]!.after).toEqual({ kind: 'text', text: 'Dr. Ana Ruiz' });
    expect(changes[1]).toMatchObject({ before: { text: '$1,200' }, after: { text: '$1,500' } });
    expect(changes[2]).toMatchObject({ before: { text: 'No' }, after: { text: 'Yes' } });
  });

  test('dates on the training’s clock with its zone, never an ISO timestamp', () => {
    const [change] = readableChanges(
      { startDate: '2027-01-01T17:00:00.000Z' },
      { startDate: '2027-09-11T16:00:00.000Z' },
      ctx,
    );
    expect(change!.after).toEqual({ kind: 'text', text: 'Sep 11, 2027, 9:00 AM PDT' });
    expect(change!.before).toEqual({ kind: 'text', text: 'Jan 1, 2027, 9:00 AM PST' });
  });

  test('lists as lists; a new training shows only what was filled in', () => {
    const changes = readableChanges(
      null,
      { title: 'New', eligibleLicenses: ['psychologist', 'mft'], ceApprovals: [], venue: null, waitlistUrl: '' },
      ctx,
    );
    expect(changes.map((c) => c.field)).toEqual(['title', 'eligibleLicenses']);
    expect(changes[1]!.after).toEqual({
      kind: 'list',
      items: ['Psychologists', 'Marriage and family therapists (LMFT)'],
    });
    expect(changes[1]!.before).toBeNull();
  });

  test('long text marks the words removed and added', () => {
    const parts = wordDiff('Eight phases of EMDR', 'All eight phases of EMDR therapy');
    expect(
      parts
        .filter((p) => p.op !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe('Eight phases of EMDR');
    expect(
      parts
        .filter((p) => p.op !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('All eight phases of EMDR therapy');
    expect(parts.find((p) => p.op === 'removed')?.text).toBe('Eight');
    expect(parts.at(-1)).toEqual({ text: ' therapy', op: 'added' });
    const [change] = readableChanges({ description: 'Learn the phases.' }, { description: 'Learn all phases.' }, ctx);
    expect(change!.diff?.filter((p) => p.op !== 'same').map((p) => [p.op, p.text.trim()])).toEqual([
      ['removed', 'the'],
      ['added', 'all'],
    ]);
  });
});

describe('what to check', () => {
  const known = new Set(['example.thinkific.com']);
  test('no CE approvals, not EMDRIA certified, a new domain, a price change over 20 %, a Basic Training', () => {
    const live = {
      price: 1000,
      thinkificUrl: 'https://example.thinkific.com/a',
      ceApprovals: [],
      isEMDRIACertified: false,
    };
    const checks = whatToCheck(
      live,
      { price: 1300, thinkificUrl: 'https://www.new-site.example/pay', programType: 'basic' },
      known,
    );
    expect(checks).toEqual([
      'No CE approvals: the page will say no approving body for its CE credits.',
      'Not EMDRIA certified: the page will not show the EMDRIA badge.',
      'Register link on a domain this trainer never used: new-site.example',
      'Price change over 20 %: $1,000 to $1,300.',
      'Basic Training: check the full cost disclosure (consultation not stated).',
    ]);
  });

  test('a known domain, a small price change and a certified, approved training raise nothing', () => {
    const live = {
      price: 1000,
      thinkificUrl: 'https://example.thinkific.com/a',
      ceApprovals: [{ body: 'apa' }],
      isEMDRIACertified: true,
    };
    expect(whatToCheck(live, { price: 1100, thinkificUrl: 'https://example.thinkific.com/b' }, known)).toEqual([]);
  });
});
