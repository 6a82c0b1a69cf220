import { describe, expect, test } from 'vitest';
import { appliesAtOnce, domainOf, fieldChanges, needsReview, splitTrainerEdit, splitTrainingEdit } from './review';

const partner = { isPartner: true, trusted: false };
const trusted = { isPartner: true, trusted: true };
const team = { isPartner: false, trusted: false };

const live = {
  title: 'Basic Training',
  price: 1500,
  description: 'Eight days',
  startDate: new Date('2027-03-06T14:00:00Z'),
  availability: 'open',
  seatsLeft: 10,
  waitlistUrl: null,
  thinkificUrl: 'https://www.school.example/register',
  isPublished: true,
  eligibleLicenses: ['lmft'],
};
const FIELDS = Object.keys(live);

describe('which partner edits wait for review (docs/product.md, Review queue)', () => {
  test('availability, seats left, cancelling and postponing apply at once', () => {
    for (const availability of ['sold_out', 'cancelled', 'postponed', 'waitlist'])
      expect(splitTrainingEdit(partner, live, { ...live, availability, seatsLeft: 0 }, FIELDS)).toEqual({
        now: ['availability', 'seatsLeft'],
        review: [],
      });
  });

  test('a waitlist link applies at once only on the Register link’s domain', () => {
    expect(appliesAtOnce('waitlistUrl', live, { waitlistUrl: 'https://school.example/waitlist' })).toBe(true);
    expect(appliesAtOnce('waitlistUrl', live, { waitlistUrl: 'https://elsewhere.example/waitlist' })).toBe(false);
    expect(appliesAtOnce('waitlistUrl', live, { waitlistUrl: 'https://school.example.evil.test/w' })).toBe(false);
    expect(appliesAtOnce('waitlistUrl', live, { waitlistUrl: null })).toBe(true);
  });

  test('unpublishing applies at once; publishing waits', () => {
    expect(appliesAtOnce('isPublished', live, { isPublished: false })).toBe(true);
    expect(appliesAtOnce('isPublished', { ...live, isPublished: false }, { isPublished: true })).toBe(false);
  });

  test('price, dates, description and eligibility wait', () => {
    const after = {
      ...live,
      price: 1200,
      startDate: new Date('2027-04-06T14:00:00Z'),
      description: 'Now nine days',
      eligibleLicenses: ['lmft', 'lpc'],
      seatsLeft: 3,
    };
    expect(splitTrainingEdit(partner, live, after, FIELDS)).toEqual({
      now: ['seatsLeft'],
      review: ['price', 'description', 'startDate', 'eligibleLicenses'],
    });
  });

  test('unchanged fields are not changes, dates compared by instant', () => {
    const same = { ...live, startDate: new Date(live.startDate.getTime()) };
    expect(splitTrainingEdit(partner, live, same, FIELDS)).toEqual({ now: [], review: [] });
  });

  test('the team and trusted partners never wait', () => {
    const after = { ...live, price: 900 };
    expect(splitTrainingEdit(team, live, after, FIELDS)).toEqual({ now: ['price'], review: [] });
    expect(splitTrainingEdit(trusted, live, after, FIELDS)).toEqual({ now: ['price'], review: [] });
    expect(needsReview(partner)).toBe(true);
    expect(needsReview(trusted)).toBe(false);
    expect(needsReview(team)).toBe(false);
  });

  test('a partner’s trainer bio and photo wait', () => {
    const trainer = { name: 'Ann', bio: 'Old', photo: 'a.webp' };
    expect(
      splitTrainerEdit(partner, trainer, { ...trainer, bio: 'New', photo: 'b.webp' }, ['name', 'bio', 'photo']),
    ).toEqual({
      now: [],
      review: ['bio', 'photo'],
    });
    expect(splitTrainerEdit(team, trainer, { ...trainer, bio: 'New' }, ['bio']).now).toEqual(['bio']);
  });

  test('the reviewer sees only what changes, before and after', () => {
    expect(fieldChanges(live, { price: 1200, title: 'Basic Training' })).toEqual([
      { field: 'price', before: 1500, after: 1200 },
    ]);
    expect(fieldChanges(null, { price: 1200 })).toEqual([{ field: 'price', before: null, after: 1200 }]);
  });

  test('domains ignore case and www', () => {
    expect(domainOf('https://WWW.School.example/x')).toBe('school.example');
    expect(domainOf('not a url')).toBeNull();
  });
});
