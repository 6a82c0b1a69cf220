import { describe, expect, test } from 'vitest';
import { profilePageJsonLd, trainerPageDescription, trainersIndexPath } from './trainerPages';
import { trainerFeed, trainerRssChannel, trainerRssPath } from '../feeds/trainerFeeds';
import { feedPath } from '../feeds/feedCatalog';
import { isSlug } from './trainerSlug';

const site = new URL('https://emdr.example');
const ana = {
  name: 'Dr. Ana López',
  slug: 'ana-lopez',
  bio: 'Trains clinicians.',
  credentials: 'PhD',
  photo: '/objects/abc123',
  website: 'https://ana.example',
  statesServed: ['CA', 'OR'] as ('CA' | 'OR')[],
};

describe('trainer pages (docs/product.md, Trainer pages)', () => {
  test('ProfilePage JSON-LD about a Person with name, image and the website as sameAs', () => {
    expect(profilePageJsonLd(ana, site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfilePage',
      url: 'https://emdr.example/trainers/ana-lopez',
      mainEntity: {
        '@type': 'Person',
        name: 'Dr. Ana López',
        url: 'https://emdr.example/trainers/ana-lopez',
        description: 'Trains clinicians.',
        honorificSuffix: 'PhD',
        image: 'https://emdr.example/objects/abc123',
        sameAs: ['https://ana.example'],
      },
    });
    const bare = profilePageJsonLd({ ...ana, photo: null, website: null, credentials: null }, site);
    expect(Object.keys(bare.mainEntity as object).sort()).toEqual(['@type', 'description', 'name', 'url']);
  });

  test('the Person names the credentials the team verified as hasCredential', () => {
    const verified = [
      {
        credential: 'emdria-approved-trainer' as const,
        licenseNumber: null,
        licenseState: null,
        checkedOn: '2026-03-05',
      },
    ];
    expect((profilePageJsonLd({ ...ana, verified }, site).mainEntity as Record<string, unknown>).hasCredential).toEqual(
      [
        {
          '@type': 'EducationalOccupationalCredential',
          name: 'EMDRIA Approved Trainer',
          credentialCategory: 'certification',
          recognizedBy: { '@type': 'Organization', name: 'EMDR International Association (EMDRIA)' },
        },
      ],
    );
    expect(profilePageJsonLd({ ...ana, verified: [] }, site).mainEntity).not.toHaveProperty('hasCredential');
  });

  test('the meta description says who, how many trainings are coming and where', () => {
    expect(trainerPageDescription(ana, 2)).toBe(
      'Dr. Ana López, PhD: EMDR trainer. 2 upcoming trainings. Serves CA, OR.',
    );
    expect(trainerPageDescription({ ...ana, credentials: null, statesServed: [] }, 0)).toBe(
      'Dr. Ana López: EMDR trainer. No upcoming trainings listed right now.',
    );
  });

  test('/trainers is page 1; the others are /trainers/page/{n}', () => {
    expect([1, 2, 3].map(trainersIndexPath)).toEqual(['/trainers', '/trainers/page/2', '/trainers/page/3']);
  });

  test("a trainer's feeds: a calendar with no filter, and RSS about their page", () => {
    expect(feedPath(trainerFeed(ana))).toBe('/feeds/trainer-ana-lopez.ics');
    expect(trainerFeed(ana).name).toBe('EMDR Trainings by Dr. Ana López');
    expect(trainerRssPath('ana-lopez')).toBe('/feeds/trainer-ana-lopez.xml');
    expect(trainerRssChannel(ana)).toMatchObject({
      pagePath: '/trainers/ana-lopez',
      selfPath: '/feeds/trainer-ana-lopez.xml',
    });
  });

  test.each([
    ['ana-lopez', true],
    ['ana2', true],
    ['Ana', false],
    ['ana--lopez', false],
    ['-ana', false],
    ['ana_lopez', false],
    ['page', false],
    ['a'.repeat(80), true],
    ['a'.repeat(81), false],
  ])('%s is a slug: %s', (value, ok) => {
    expect(isSlug(value)).toBe(ok);
  });
});
