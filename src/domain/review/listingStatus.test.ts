import { describe, expect, test } from 'vitest';
import { LISTING_STATUSES, LISTING_STATUS_LABELS, listingStatus } from './listingStatus';

const at = (iso: string) => new Date(iso);
const base = { isPublished: false, unreviewed: false, updatedAt: at('2027-01-02T00:00:00Z'), latest: null };

describe('a training’s one status', () => {
  test('each status has its words, the product’s five', () => {
    expect(LISTING_STATUSES.map((s) => LISTING_STATUS_LABELS[s])).toEqual([
      'Draft',
      'Waiting for review',
      'Not approved',
      'Published',
      'Published with a change waiting',
    ]);
  });

  test('unpublished with nothing waiting is a Draft; published is Live', () => {
    expect(listingStatus(base)).toBe('draft');
    expect(listingStatus({ ...base, isPublished: true })).toBe('live');
  });

  test('a new training waiting for its first review is never Live, whatever the row says', () => {
    const latest = { status: 'pending' as const, decidedAt: null };
    expect(listingStatus({ ...base, unreviewed: true, latest })).toBe('pending');
    expect(listingStatus({ ...base, isPublished: true, unreviewed: true, latest })).toBe('pending');
  });

  test('a live training with a change waiting, and a refused change of a live one, stay Live', () => {
    expect(listingStatus({ ...base, isPublished: true, latest: { status: 'pending', decidedAt: null } })).toBe(
      'live_pending',
    );
    const refused = { status: 'rejected' as const, decidedAt: at('2027-01-03T00:00:00Z') };
    expect(listingStatus({ ...base, isPublished: true, latest: refused })).toBe('live');
  });

  test('a refused new training is Not approved until the partner saves it again', () => {
    const refused = { status: 'rejected' as const, decidedAt: at('2027-01-03T00:00:00Z') };
    expect(listingStatus({ ...base, unreviewed: true, latest: refused })).toBe('rejected');
    expect(listingStatus({ ...base, unreviewed: true, latest: refused, updatedAt: at('2027-01-04T00:00:00Z') })).toBe(
      'draft',
    );
  });

  test('a withdrawn proposal leaves the row’s own status', () => {
    const withdrawn = { status: 'withdrawn' as const, decidedAt: at('2027-01-03T00:00:00Z') };
    expect(listingStatus({ ...base, isPublished: true, latest: withdrawn })).toBe('live');
    expect(listingStatus({ ...base, latest: withdrawn })).toBe('draft');
  });
});
