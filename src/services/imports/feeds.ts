import { createHash } from 'node:crypto';
import * as imports from '../../data/imports';
import * as admins from '../../data/signIn/admins';
import { tryFeedReadLock } from '../../data/locks/trustLock';
import type { Actor } from '../../domain/actor';
import { feedRows, readEvents, type FeedDefaults } from '../../domain/imports/feedEvents';
import { fetchFeed } from '../../links/fetchFeed';
import type { CheckOptions } from '../../links/checkLink';
import { linkCheckEnv } from '../../settings';
import { InvalidInputError } from '../errors';
import { applyImport } from './apply';
import { previewImport } from './preview';

/**
 * A calendar feed imported (docs/product.md, Import): read through the link checker's guard (never a
 * private address, 2 MB, 10 s), its events made rows (domain/imports/feedEvents.ts) and previewed as
 * a file's rows are. A subscribed feed is read again daily, skipped when its checksum is unchanged,
 * and its changes applied as the member's own save: the same way as a hand edit.
 */
export interface FeedRequest {
  url: string;
  defaults: FeedDefaults;
  subscribe?: boolean | undefined;
}

const checksumOf = (text: string) => createHash('sha256').update(text).digest('hex');

async function read(url: string, options: CheckOptions): Promise<string> {
  const answer = await fetchFeed(url, options);
  if (!answer.ok)
    throw new InvalidInputError(`The calendar could not be read: ${answer.reason}`, { url: [answer.reason] });
  return answer.text;
}

function rowsOf(text: string, defaults: FeedDefaults) {
  try {
    return feedRows(readEvents(text), defaults);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'The calendar could not be read';
    throw new InvalidInputError(message, { url: [message] });
  }
}

export async function previewFeed(actor: Actor, request: FeedRequest, options: CheckOptions = linkCheckEnv()) {
  const text = await read(request.url, options);
  const rows = rowsOf(text, request.defaults);
  const feed = await imports.saveFeed({
    adminId: actor.adminId,
    adminEmail: actor.email,
    url: request.url,
    defaults: request.defaults,
  });
  if (request.subscribe !== undefined) await imports.subscribe(feed.id, request.subscribe);
  return previewImport(actor, { kind: 'feed', label: request.url, feedId: feed.id, rows });
}

export interface FeedReading {
  feedId: string;
  outcome: 'skipped' | 'applied' | 'failed';
  reason?: string;
}

/** The daily read of every subscribed feed, as the member who subscribed it; one instance at a time. */
export async function readSubscribedFeeds(
  now = new Date(),
  options: CheckOptions = linkCheckEnv(),
): Promise<FeedReading[]> {
  const release = await tryFeedReadLock();
  if (!release) return [];
  try {
    const readings: FeedReading[] = [];
    for (const feed of await imports.subscribedFeeds()) readings.push(await readOne(feed, now, options));
    return readings;
  } finally {
    await release();
  }
}

async function readOne(feed: imports.ImportFeed, now: Date, options: CheckOptions): Promise<FeedReading> {
  const member = feed.adminId ? await admins.findById(feed.adminId) : undefined;
  if (!member) return { feedId: feed.id, outcome: 'failed', reason: 'the member who subscribed is gone' };
  const actor: Actor = { adminId: member.id, email: member.email, role: member.role };
  try {
    const text = await read(feed.url, options);
    const checksum = checksumOf(text);
    if (checksum === feed.checksum) return { feedId: feed.id, outcome: 'skipped' };
    const rows = rowsOf(text, feed.defaults as FeedDefaults);
    const run = await previewImport(actor, { kind: 'feed', label: feed.url, feedId: feed.id, rows });
    await applyImport(actor, run.id, now);
    await imports.markRead(feed.id, checksum, now);
    return { feedId: feed.id, outcome: 'applied' };
  } catch (error) {
    return { feedId: feed.id, outcome: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
