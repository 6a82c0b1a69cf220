import fs from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../../domain/siteData';
import { stateSlug } from '../../domain/listing/statePages';
import { allFeeds, feedPath, NEW_LISTINGS_PATH } from '../../domain/feeds/feedCatalog';
import { INLINE_SCRIPT_HASHES_FILE } from '../../server/cspHashes';
import { listedStates } from '../../prerender/siteData';

/** A further check a caller adds (tests inject a failing one): the problems it finds in a build's client folder. */
export type ExtraCheck = (clientDir: string) => string[];

/**
 * Rejects a build before it goes live: every published training has its page, no other
 * training page exists, `/` and the 404 page exist, every state with a listed training has its
 * page, every calendar feed exists and names no unpublished training, the list of script hashes
 * the pages' Content-Security-Policy is made from exists (without it no script of the site would
 * run), and every JSON-LD block parses. `written` limits the file-content checks to the files a
 * publish wrote (the rest are the live build's, checked when they were made); an in-process
 * publish checks its pages' JSON-LD as it writes them.
 */
export function checkBuild(
  clientDir: string,
  data: SiteData,
  options: { written?: readonly string[]; checked?: readonly string[]; extra?: ExtraCheck } = {},
): string[] {
  const problems: string[] = options.extra?.(clientDir) ?? [];
  const written = options.written ? new Set(options.written) : null;
  const checked = new Set(options.checked);
  for (const page of ['index.html', '404.html']) {
    if (!fs.existsSync(path.join(clientDir, page))) problems.push(`missing ${page}`);
  }
  const published = new Set(data.trainings.filter((t) => t.isPublished).map((t) => t.id));
  const trainingDir = path.join(clientDir, 'training');
  const folders = fs.existsSync(trainingDir) ? fs.readdirSync(trainingDir) : [];
  // Pages kept from the live build were looked at when it was made: here only their folders are.
  const hasPage = (name: string) => fs.existsSync(path.join(trainingDir, name, 'index.html'));
  const built = new Set(written ? folders : folders.filter(hasPage));
  for (const id of published) {
    if (!built.has(id)) problems.push(`missing page for published training ${id}`);
  }
  for (const id of built) {
    if (!published.has(id)) problems.push(`page for unpublished training ${id}`);
  }
  for (const { code } of listedStates(data)) {
    const slug = stateSlug(code);
    if (slug && !fs.existsSync(path.join(clientDir, 'trainings', slug, 'index.html'))) {
      problems.push(`missing state page ${slug}`);
    }
  }
  for (const feed of [...allFeeds().map(feedPath), NEW_LISTINGS_PATH]) {
    const file = path.join(clientDir, feed);
    if (!fs.existsSync(file)) {
      problems.push(`missing feed ${feed}`);
      continue;
    }
    if ((written && !written.has(feed.slice(1))) || checked.has(feed.slice(1))) continue;
    if (feedUids(fs.readFileSync(file)).some((id) => !published.has(id))) {
      problems.push(`feed ${feed} holds an unpublished training`);
    }
  }
  if (!fs.existsSync(path.join(path.dirname(clientDir), INLINE_SCRIPT_HASHES_FILE))) {
    problems.push(`missing ${INLINE_SCRIPT_HASHES_FILE}`);
  }
  // Pages written in-process were checked as they were written (jsonLdProblems); the rest here.
  if (!written) {
    for (const file of htmlFiles(clientDir)) {
      problems.push(...jsonLdProblems(fs.readFileSync(file, 'utf8'), path.relative(clientDir, file)));
    }
  }
  return problems;
}

/** Every JSON-LD block of a page parses. */
export function jsonLdProblems(html: string, file: string): string[] {
  const problems: string[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    try {
      JSON.parse(match[1]!);
    } catch {
      problems.push(`invalid JSON-LD in ${file}`);
    }
  }
  return problems;
}

/**
 * The training ids in a calendar feed's UIDs (`UID:{id}@host`), found in the bytes: the
 * all-trainings feed is megabytes, and decoding it to search it once per draft cost the publish
 * tens of milliseconds.
 */
/** A feed written from its parts (directFiles.ts), checked before it is written: no unpublished training. */
export function feedProblems(parts: readonly Uint8Array[], published: ReadonlySet<string>, feed: string): string[] {
  for (const part of parts) {
    if (uidsOf(part).some((id) => !published.has(id))) return [`feed ${feed} holds an unpublished training`];
  }
  return [];
}

/** A kept event's UIDs, read once: an unchanged training's encoded event outlives a publish. */
const partUids = new WeakMap<Uint8Array, string[]>();
function uidsOf(part: Uint8Array): string[] {
  let found = partUids.get(part);
  if (!found) partUids.set(part, (found = feedUids(Buffer.from(part.buffer, part.byteOffset, part.byteLength))));
  return found;
}

const UID_LINE = Buffer.from('\nUID:');
const AT = '@'.charCodeAt(0);

function feedUids(bytes: Buffer): string[] {
  const ids: string[] = [];
  for (let at = bytes.indexOf(UID_LINE); at !== -1; at = bytes.indexOf(UID_LINE, at + 1)) {
    const end = bytes.indexOf(AT, at);
    // A program in parts has one event per part, `UID:{id}-part-{n}@host` (src/domain/feeds/calendar.ts).
    if (end !== -1) ids.push(bytes.toString('utf8', at + 5, end).replace(/-part-\d+$/, ''));
  }
  return ids;
}

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '_astro') yield* htmlFiles(full);
    } else if (entry.name.endsWith('.html')) yield full;
  }
}
