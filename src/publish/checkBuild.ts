import fs from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../domain/siteData';
import { publicListing } from '../domain/publicListing';
import { stateSlug } from '../domain/statePages';
import { allFeeds, feedPath, NEW_LISTINGS_PATH } from '../domain/feedCatalog';
import { INLINE_SCRIPT_HASHES_FILE } from '../server/cspHashes';

/** A further check a caller adds (tests inject a failing one): the problems it finds in a build's client folder. */
export type ExtraCheck = (clientDir: string) => string[];

/**
 * Rejects a build before it goes live: every published training has its page, no other
 * training page exists, `/` and the 404 page exist, every state with a listed training has its
 * page, every calendar feed exists and names no unpublished training, the list of script hashes
 * the pages' Content-Security-Policy is made from exists (without it no script of the site would
 * run), and every JSON-LD block parses. `written` limits the file-content checks to the files a
 * publish wrote (the rest are the live build's, checked when they were made).
 */
export function checkBuild(
  clientDir: string,
  data: SiteData,
  options: { written?: readonly string[]; extra?: ExtraCheck } = {},
): string[] {
  const problems: string[] = options.extra?.(clientDir) ?? [];
  const written = options.written ? new Set(options.written) : null;
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
  const listedStates = new Set(publicListing(data.trainings, new Date(data.generatedAt)).map((t) => t.state));
  for (const state of listedStates) {
    const slug = state ? stateSlug(state) : undefined;
    if (slug && !fs.existsSync(path.join(clientDir, 'trainings', slug, 'index.html'))) {
      problems.push(`missing state page ${slug}`);
    }
  }
  const drafts = data.trainings.filter((t) => !t.isPublished).map((t) => `UID:${t.id}@`);
  for (const feed of [...allFeeds().map(feedPath), NEW_LISTINGS_PATH]) {
    const file = path.join(clientDir, feed);
    if (!fs.existsSync(file)) {
      problems.push(`missing feed ${feed}`);
      continue;
    }
    if (written && !written.has(feed.slice(1))) continue;
    const text = fs.readFileSync(file, 'utf8');
    if (drafts.some((uid) => text.includes(uid))) problems.push(`feed ${feed} holds an unpublished training`);
  }
  if (!fs.existsSync(path.join(path.dirname(clientDir), INLINE_SCRIPT_HASHES_FILE))) {
    problems.push(`missing ${INLINE_SCRIPT_HASHES_FILE}`);
  }
  const pages = written
    ? [...written].filter((file) => file.endsWith('.html')).map((file) => path.join(clientDir, file))
    : htmlFiles(clientDir);
  for (const file of pages) {
    const html = fs.readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      try {
        JSON.parse(match[1]!);
      } catch {
        problems.push(`invalid JSON-LD in ${path.relative(clientDir, file)}`);
      }
    }
  }
  return problems;
}

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '_astro') yield* htmlFiles(full);
    } else if (entry.name.endsWith('.html')) yield full;
  }
}
