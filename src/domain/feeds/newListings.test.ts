import { describe, expect, test } from 'vitest';
import { NEW_LISTINGS_LIMIT, newListingsRss } from './newListings';

const listed = (i: number, title = `Training ${i}`) => ({
  id: `id-${String(i).padStart(3, '0')}`,
  title,
  startDate: '2027-02-01T15:00:00Z',
  endDate: '2027-02-02T23:00:00Z',
  timeZone: 'America/Chicago',
  location: 'Austin, TX',
  format: 'Hybrid',
  price: 900,
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
  trainer: { name: 'Dr. <Rss> & Co' },
});

describe('the new listings feed', () => {
  const site = new URL('https://x.test');

  test('lists the newest listings first, at most the limit', () => {
    const xml = newListingsRss(
      Array.from({ length: NEW_LISTINGS_LIMIT + 5 }, (_, i) => listed(i)),
      site,
    );
    const titles = [...xml.matchAll(/<title>(Training \d+)<\/title>/g)].map((m) => m[1]);
    expect(titles).toHaveLength(NEW_LISTINGS_LIMIT);
    expect(titles[0]).toBe(`Training ${NEW_LISTINGS_LIMIT + 4}`);
    expect(xml).toContain('<link>https://x.test/training/id-054</link>');
  });

  test('escapes markup in titles and names', () => {
    const xml = newListingsRss([listed(1, 'A <b>bold</b> & "quoted" title')], site);
    expect(xml).toContain('<title>A &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; title</title>');
    expect(xml).toContain('with Dr. &lt;Rss&gt; &amp; Co');
    expect(xml).not.toContain('<b>');
  });
});
