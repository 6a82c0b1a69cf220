import { formatDateRange, formatPrice } from '../display';
import { trainingPageUrl } from './calendar';
import { NEW_LISTINGS_PATH } from './feedCatalog';

/**
 * RSS 2.0 of the most recently listed upcoming trainings, newest listing first. Every date in it
 * comes from the rows (createdAt), not the build time, so an unchanged site gives an identical file.
 */
export interface ListedTraining {
  id: string;
  title: string;
  startDate: string | Date;
  endDate: string | Date;
  timeZone: string;
  location: string;
  format: string;
  price: number;
  createdAt: string | Date;
  trainer: { name: string } | null;
}

export const NEW_LISTINGS_LIMIT = 50;

const escapeXml = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const time = (d: string | Date) => new Date(d).getTime();

const created = new WeakMap<object, number>();
/** A row's creation instant, parsed once per row object (kept rows outlive a snapshot). */
function createdOf(training: ListedTraining): number {
  let found = created.get(training);
  if (found === undefined) created.set(training, (found = time(training.createdAt)));
  return found;
}

const newestFirst = (a: { created: number; id: string }, b: { created: number; id: string }) =>
  b.created - a.created || a.id.localeCompare(b.id);

export function newListings<T extends ListedTraining>(trainings: readonly T[]): T[] {
  // The newest fifty of thousands, every publish: one pass keeping the fifty, not a sort of all.
  const top: { training: T; created: number; id: string }[] = [];
  for (const training of trainings) {
    const entry = { training, created: createdOf(training), id: training.id };
    if (top.length === NEW_LISTINGS_LIMIT && newestFirst(entry, top.at(-1)!) >= 0) continue;
    let at = top.length;
    while (at > 0 && newestFirst(entry, top[at - 1]!) < 0) at--;
    top.splice(at, 0, entry);
    if (top.length > NEW_LISTINGS_LIMIT) top.pop();
  }
  return top.map(({ training }) => training);
}

/** Which feed the RSS is: the site's new listings by default, or a trainer's (src/domain/feeds/trainerFeeds.ts). */
export interface RssChannel {
  title: string;
  description: string;
  /** The page the channel is about. */
  pagePath: string;
  /** The feed's own path (atom:link rel="self"). */
  selfPath: string;
}

const NEW_LISTINGS_CHANNEL: RssChannel = {
  title: 'New EMDR trainings',
  description: 'EMDR trainings newly listed on the EMDR Training Marketplace.',
  pagePath: '/',
  selfPath: NEW_LISTINGS_PATH,
};

export function newListingsRss(
  trainings: readonly ListedTraining[],
  site: URL,
  channel: RssChannel = NEW_LISTINGS_CHANNEL,
): string {
  const items = newListings(trainings).map((t) => {
    const link = trainingPageUrl(site, t.id);
    const summary = [
      formatDateRange(t.startDate, t.endDate, t.timeZone),
      t.location,
      t.format,
      formatPrice(t.price),
      ...(t.trainer ? [`with ${t.trainer.name}`] : []),
    ].join(' · ');
    return [
      '    <item>',
      `      <title>${escapeXml(t.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(t.createdAt).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(summary)}</description>`,
      '    </item>',
    ].join('\n');
  });
  const newest = trainings.reduce((max, t) => Math.max(max, time(t.createdAt)), 0);
  const self = new URL(channel.selfPath, site).href;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(channel.title)}</title>
    <link>${escapeXml(new URL(channel.pagePath, site).href)}</link>
    <description>${escapeXml(channel.description)}</description>
    <language>en-us</language>
    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml" />
${newest ? `    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>\n` : ''}${items.join('\n')}${items.length ? '\n' : ''}  </channel>
</rss>
`;
}
