import { describe, expect, test } from 'vitest';
import { appliesAtOnce, domainOf, needsReview, planSave, type SaveRequest } from './reviewSplit';

const partner = { isPartner: true, trusted: false };
const trusted = { isPartner: true, trusted: true };
const team = { isPartner: false, trusted: false };

const live = {
  title: 'Basic Training',
  price: 1500,
  description: 'Eight days',
  startDate: new Date('2027-03-06T14:00:00Z'),
  availability: 'open',
  seatsLeft: 10 as number | null,
  waitlistUrl: null as string | null,
  thinkificUrl: 'https://www.school.example/register',
  isPublished: true,
  eligibleLicenses: ['lmft'],
};
const FIELDS = Object.keys(live);

const edit = (over: Partial<Extract<SaveRequest, { op: 'edit' }>> = {}): SaveRequest => ({
  op: 'edit',
  writer: partner,
  record: 'training',
  before: live,
  after: live,
  fields: FIELDS,
  awaitsFirstReview: false,
  hasProposal: false,
  ...over,
});
const after = (changes: Partial<typeof live>) => ({ ...live, ...changes });

describe('who may apply what of a save (docs/product.md, Review queue)', () => {
  test('the team’s and a trusted partner’s edits apply at once, whatever they change', () => {
    for (const writer of [team, trusted])
      expect(planSave(edit({ writer, after: after({ price: 900, availability: 'open' }) }))).toEqual({
        outcome: 'apply',
        now: ['price'],
        approvesFirstReview: false,
      });
    expect(needsReview(partner)).toBe(true);
    expect(needsReview(trusted)).toBe(false);
    expect(needsReview(team)).toBe(false);
  });

  test('a team save that publishes a partner’s training awaiting its first review is that review', () => {
    const draft = { ...live, isPublished: false };
    expect(planSave(edit({ writer: team, before: draft, after: live, awaitsFirstReview: true }))).toEqual({
      outcome: 'apply',
      now: ['isPublished'],
      approvesFirstReview: true,
    });
    // Kept unpublished, it still awaits its review.
    expect(planSave(edit({ writer: team, before: draft, after: draft, awaitsFirstReview: true }))).toMatchObject({
      approvesFirstReview: false,
    });
  });

  test('a partner’s edit of their training still awaiting its first review keeps it private', () => {
    expect(planSave(edit({ after: after({ price: 1 }), awaitsFirstReview: true }))).toEqual({
      outcome: 'keep-private',
    });
  });

  test('a partner’s price, dates, description and eligibility wait; a narrowing change beside them applies now', () => {
    const changed = after({
      price: 1200,
      startDate: new Date('2027-04-06T14:00:00Z'),
      description: 'Now nine days',
      eligibleLicenses: ['lmft', 'lpc'],
      seatsLeft: 3,
    });
    expect(planSave(edit({ after: changed }))).toEqual({
      outcome: 'propose',
      now: ['seatsLeft'],
      review: ['price', 'description', 'startDate', 'eligibleLicenses'],
    });
  });

  test('a partner’s narrowing-only edit applies at once, with nothing proposed', () => {
    expect(planSave(edit({ after: after({ availability: 'sold_out', seatsLeft: 0 }) }))).toEqual({
      outcome: 'apply',
      now: ['availability', 'seatsLeft'],
      approvesFirstReview: false,
    });
  });

  test('a partner who sets every reviewed field back to what is live withdraws their pending proposal', () => {
    expect(planSave(edit({ after: after({ seatsLeft: 2 }), hasProposal: true }))).toEqual({
      outcome: 'withdraw-proposal',
      now: ['seatsLeft'],
    });
  });

  test('unchanged fields are not changes, dates compared by instant', () => {
    const same = after({ startDate: new Date(live.startDate.getTime()) });
    expect(planSave(edit({ after: same }))).toEqual({ outcome: 'apply', now: [], approvesFirstReview: false });
  });

  test('every changed field of a partner’s trainer profile waits, its bio and photo too', () => {
    const trainer = { name: 'Ann', bio: 'Old', photo: 'a.webp', isPublished: true };
    const request = edit({
      record: 'trainer',
      before: trainer,
      after: { ...trainer, bio: 'New', photo: 'b.webp', isPublished: false },
      fields: ['name', 'bio', 'photo', 'isPublished'],
    });
    expect(planSave(request)).toEqual({ outcome: 'propose', now: [], review: ['bio', 'photo', 'isPublished'] });
    expect(planSave({ ...request, writer: team })).toMatchObject({ outcome: 'apply' });
  });

  test('a partner’s new training is created for review; the team’s and a trusted partner’s at once', () => {
    expect(planSave({ op: 'create', writer: partner })).toEqual({ outcome: 'create-for-review' });
    expect(planSave({ op: 'create', writer: team })).toEqual({ outcome: 'apply', now: [], approvesFirstReview: false });
    expect(planSave({ op: 'create', writer: trusted })).toMatchObject({ outcome: 'apply' });
  });

  test('a partner’s delete of a training the public sees is a request the team reviews', () => {
    expect(planSave({ op: 'delete', writer: partner, isPublic: true })).toEqual({ outcome: 'request-delete' });
  });

  test('a partner’s delete of a draft, and any delete by the team or a trusted partner, happens at once', () => {
    expect(planSave({ op: 'delete', writer: partner, isPublic: false })).toEqual({ outcome: 'delete' });
    expect(planSave({ op: 'delete', writer: team, isPublic: true })).toEqual({ outcome: 'delete' });
    expect(planSave({ op: 'delete', writer: trusted, isPublic: true })).toEqual({ outcome: 'delete' });
  });
});

describe('what only narrows the offer, so a partner applies it at once', () => {
  const once = (field: string, before: Partial<typeof live>, changed: Partial<typeof live>) =>
    appliesAtOnce(field, after(before), after(changed));

  test('sold out, a waitlist, postponing and cancelling narrow an open training', () => {
    for (const availability of ['few_seats', 'sold_out', 'waitlist', 'postponed', 'cancelled'])
      expect(once('availability', { availability: 'open' }, { availability })).toBe(true);
    expect(once('availability', { availability: 'postponed' }, { availability: 'cancelled' })).toBe(true);
    expect(once('availability', { availability: 'sold_out' }, { availability: 'waitlist' })).toBe(true);
  });

  test('re-opening a sold-out training waits for review', () => {
    expect(once('availability', { availability: 'sold_out' }, { availability: 'open' })).toBe(false);
    expect(once('availability', { availability: 'few_seats' }, { availability: 'open' })).toBe(false);
  });

  test('undoing a cancellation waits for review, also to postponed', () => {
    for (const availability of ['open', 'few_seats', 'waitlist', 'sold_out', 'postponed'])
      expect(once('availability', { availability: 'cancelled' }, { availability })).toBe(false);
    expect(once('availability', { availability: 'postponed' }, { availability: 'open' })).toBe(false);
  });

  test('fewer seats apply at once; a count where none was stated too', () => {
    expect(once('seatsLeft', { seatsLeft: 10 }, { seatsLeft: 3 })).toBe(true);
    expect(once('seatsLeft', { seatsLeft: 10 }, { seatsLeft: 0 })).toBe(true);
    expect(once('seatsLeft', { seatsLeft: null }, { seatsLeft: 3 })).toBe(true);
  });

  test('more seats than approved, or no count at all, wait for review', () => {
    expect(once('seatsLeft', { seatsLeft: 10 }, { seatsLeft: 500 })).toBe(false);
    expect(once('seatsLeft', { seatsLeft: 10 }, { seatsLeft: null })).toBe(false);
  });

  test('a waitlist link applies at once only on the Register link’s domain, or removed', () => {
    expect(once('waitlistUrl', {}, { waitlistUrl: 'https://school.example/waitlist' })).toBe(true);
    expect(once('waitlistUrl', {}, { waitlistUrl: 'https://elsewhere.example/waitlist' })).toBe(false);
    expect(once('waitlistUrl', {}, { waitlistUrl: 'https://school.example.evil.test/w' })).toBe(false);
    expect(once('waitlistUrl', { waitlistUrl: 'https://elsewhere.example/w' }, { waitlistUrl: null })).toBe(true);
  });

  test('unpublishing applies at once; publishing waits', () => {
    expect(once('isPublished', {}, { isPublished: false })).toBe(true);
    expect(once('isPublished', { isPublished: false }, { isPublished: true })).toBe(false);
  });

  test('any other field waits', () => {
    expect(once('price', {}, { price: 1 })).toBe(false);
    expect(once('title', {}, { title: 'Other' })).toBe(false);
  });

  test('domains ignore case and www', () => {
    expect(domainOf('https://WWW.School.example/x')).toBe('school.example');
    expect(domainOf('not a url')).toBeNull();
  });
});
