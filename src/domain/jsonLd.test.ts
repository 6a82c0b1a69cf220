import { describe, expect, test } from 'vitest';
import { jsonLdDescription, serializeJsonLd, trainingJsonLd, type JsonLdTraining } from './jsonLd';

const training: JsonLdTraining = {
  title: 'EMDR Basic Training',
  description: 'Learn EMDR.',
  startDate: '2027-03-05T14:00:00.000Z',
  endDate: '2027-03-07T22:00:00.000Z',
  timeZone: 'America/Chicago',
  format: 'In-Person',
  location: 'Austin, TX',
  venue: 'Hotel Ella',
  state: 'TX',
  price: 1500,
  thinkificUrl: 'https://emdr.thinkific.com/courses/basic',
  trainer: { name: 'Dr. Ana Ruiz', website: 'https://ana.example.com' },
};

describe('training JSON-LD', () => {
  test('an in-person training is an EducationEvent at a Place with a USD offer and the trainer as organizer', () => {
    const ld = trainingJsonLd(training, 'https://x.test/training/1');
    expect(ld).toMatchObject({
      '@type': 'EducationEvent',
      name: 'EMDR Basic Training',
      startDate: '2027-03-05T08:00:00-06:00',
      endDate: '2027-03-07T16:00:00-06:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Hotel Ella', address: { addressRegion: 'TX' } },
      offers: { price: 1500, priceCurrency: 'USD' },
      organizer: { '@type': 'Person', name: 'Dr. Ana Ruiz' },
      performer: { name: 'Dr. Ana Ruiz' },
    });
  });

  test('start and end carry the local time and offset of the training zone, also across a clock change', () => {
    const la = { ...training, timeZone: 'America/Los_Angeles' };
    const ld = trainingJsonLd({ ...la, startDate: '2027-03-06T17:00:00Z', endDate: '2027-03-15T00:00:00Z' }, 'u');
    expect(ld.startDate).toBe('2027-03-06T09:00:00-08:00');
    expect(ld.endDate).toBe('2027-03-14T17:00:00-07:00');
    expect(Date.parse(ld.startDate as string)).toBe(Date.parse('2027-03-06T17:00:00Z'));
  });

  test('a virtual training has a VirtualLocation and a hybrid one both locations', () => {
    expect(trainingJsonLd({ ...training, format: 'Virtual' }, 'u').location).toMatchObject({
      '@type': 'VirtualLocation',
    });
    const hybrid = trainingJsonLd({ ...training, format: 'Hybrid' }, 'u');
    expect(hybrid.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode');
    expect(hybrid.location).toHaveLength(2);
  });

  test('serialised JSON-LD cannot close its script element, and parses back to the same text', () => {
    const hostile = { ...training, title: '</script><script>alert(1)</script><!--', description: 'a & b \u2028' };
    const text = serializeJsonLd(trainingJsonLd(hostile, 'u'));
    expect(text).not.toMatch(/<|>/);
    expect((JSON.parse(text) as { name: string }).name).toBe(hostile.title);
  });

  test('names the language and the CE approvals; the offer stays the tuition', () => {
    const ld = trainingJsonLd(
      {
        ...training,
        language: 'es',
        ceApprovals: [
          { body: 'APA', boardName: null, hours: 50 },
          { body: 'NBCC', boardName: null, hours: 50 },
        ],
      },
      'u',
    );
    expect(ld.inLanguage).toBe('es');
    expect(ld.description).toBe('Learn EMDR. CE: APA 50 hours, NBCC 50 hours.');
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: 1500, priceCurrency: 'USD' });
    expect(trainingJsonLd(training, 'u')).toMatchObject({ inLanguage: 'en', description: 'Learn EMDR.' });
  });

  test('the CE sentence follows the description whatever it ends with, and a state board by its name', () => {
    const board = [{ body: 'STATE_BOARD' as const, boardName: 'Texas BHEC', hours: 6 }];
    expect(jsonLdDescription({ description: 'Learn EMDR', ceApprovals: board })).toBe(
      'Learn EMDR. CE: Texas BHEC 6 hours.',
    );
    expect(jsonLdDescription({ description: 'Why EMDR?\n', ceApprovals: board })).toBe(
      'Why EMDR? CE: Texas BHEC 6 hours.',
    );
    expect(jsonLdDescription({ description: '', ceApprovals: board })).toBe('CE: Texas BHEC 6 hours.');
  });

  test('names who it is for as an EducationalAudience, and its prerequisite in the description (ADR 0045)', () => {
    const ld = trainingJsonLd(
      {
        ...training,
        eligibleLicenses: ['psychologist', 'counselor', 'other'],
        otherLicense: 'Creative arts therapists',
        students: { allowed: true, proof: null },
        prerequisite: 'emdr_basic',
      },
      'u',
    );
    expect(ld.audience).toEqual({
      '@type': 'EducationalAudience',
      educationalRole: [
        'Psychologists',
        'Counselors (LPC, LPCC, LMHC)',
        'Creative arts therapists',
        'Graduate students in a program leading to licensure',
      ],
    });
    // EducationEvent has no coursePrerequisites (a Course property): the description says it.
    expect(ld).not.toHaveProperty('coursePrerequisites');
    expect(ld.description).toBe('Learn EMDR. Requires a completed EMDR Basic Training.');
    const other = trainingJsonLd(
      { ...training, prerequisite: 'other', prerequisiteText: 'Part 1 of this training.' },
      'u',
    );
    expect(other.description).toBe('Learn EMDR. Requires Part 1 of this training.');
    // A training that states none of it reads as before.
    expect(trainingJsonLd(training, 'u')).not.toHaveProperty('audience');
    expect(trainingJsonLd({ ...training, prerequisite: 'none' }, 'u').description).toBe('Learn EMDR.');
  });

  test("has every property Google's Event rich result requires or recommends, of the right kind", () => {
    // https://developers.google.com/search/docs/appearance/structured-data/event
    const ld = trainingJsonLd(
      {
        ...training,
        ceApprovals: [{ body: 'APA', boardName: null, hours: 50 }],
        language: 'en',
        // Who can attend (ADR 0045) adds an audience and a sentence: the preset still holds.
        eligibleLicenses: ['counselor'],
        prerequisite: 'emdria_certified',
      },
      'https://x.test/training/1',
    );
    for (const key of ['name', 'startDate', 'location']) expect(ld[key], key).toBeTruthy();
    for (const key of [
      'description',
      'endDate',
      'eventStatus',
      'eventAttendanceMode',
      'offers',
      'organizer',
      'performer',
    ])
      expect(ld[key], key).toBeTruthy();
    expect(ld.description).toBe('Learn EMDR. CE: APA 50 hours. Requires EMDRIA certification.');
    expect(typeof ld.inLanguage).toBe('string');
    expect(Number.isNaN(Date.parse(ld.startDate as string))).toBe(false);
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      price: 1500,
      priceCurrency: 'USD',
      url: training.thinkificUrl,
      availability: 'https://schema.org/InStock',
    });
    expect(JSON.parse(serializeJsonLd(ld))).toEqual(ld);
  });

  test('a verified trainer is still an organizer Google reads, with their checked credentials as hasCredential', () => {
    const verified = [
      { credential: 'state-license' as const, licenseNumber: 'LPC 812', licenseState: 'TX', checkedOn: '2026-03-05' },
    ];
    const ld = trainingJsonLd(
      { ...training, trainer: { ...training.trainer!, verified } },
      'https://x.test/training/1',
    );
    expect(ld.organizer).toEqual({
      '@type': 'Person',
      name: 'Dr. Ana Ruiz',
      url: 'https://ana.example.com',
      hasCredential: [
        {
          '@type': 'EducationalOccupationalCredential',
          name: 'Texas license LPC 812',
          credentialCategory: 'license',
          recognizedBy: { '@type': 'Organization', name: 'Texas licensing board' },
          identifier: 'LPC 812',
        },
      ],
    });
    for (const key of ['name', 'startDate', 'location', 'offers', 'organizer', 'performer'])
      expect(ld[key], key).toBeTruthy();
    expect(JSON.parse(serializeJsonLd(ld))).toEqual(ld);
  });
});
