import fs from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../domain/siteData';
import { publicListing } from '../domain/publicListing';
import { stateSlug } from '../domain/statePages';
import { allFeeds, feedPath, NEW_LISTINGS_PATH } from '../domain/feedCatalog';
import { INLINE_SCRIPT_HASHES_FILE } from '../server/cspHashes';

/**
 * Rejects a build before it goes live: every published training has its page, no other
 * training page exists, `/` and the 404 page exist, every state with a listed training has its
 * page, every calendar feed exists and names no unpublished training, the list of script hashes
 * the pages' Content-Security-Policy is made from exists (without it no script of the site would
 * run), and every JSON-LD block parses.
 */
export function checkBuild(clientDir: string, data: SiteData): string[] {
  const problems: string[] = [];
  // Test-only fault injection: while this file exists, every build is rejected.
  const rejectFile = process.env.PUBLISH_TEST_REJECT_FILE;
  if (rejectFile && fs.existsSync(rejectFile)) problems.push('rejected by PUBLISH_TEST_REJECT_FILE (test flag)');
  for (const page of ['index.html', '404.html']) {
    if (!fs.existsSync(path.join(clientDir, page))) problems.push(`missing ${page}`);
  }
  const published = new Set(data.trainings.filter((t) => t.isPublished).map((t) => t.id));
  const trainingDir = path.join(clientDir, 'training');
  const built = fs.existsSync(trainingDir)
    ? fs.readdirSync(trainingDir).filter((name) => fs.existsSync(path.join(trainingDir, name, 'index.html')))
    : [];
  for (const id of published) {
    if (!built.includes(id)) problems.push(`missing page for published training ${id}`);
  }
  for (const id of built) {
    if (!published.has(id)) problems.push(`page for unpublished training ${id}`);
  }
  for (const t of publicListing(data.trainings, new Date(data.generatedAt))) {
    const slug = t.state ? stateSlug(t.state) : undefined;
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
    const text = fs.readFileSync(file, 'utf8');
    if (drafts.some((uid) => text.includes(uid))) problems.push(`feed ${feed} holds an unpublished training`);
  }
  if (!fs.existsSync(path.join(path.dirname(clientDir), INLINE_SCRIPT_HASHES_FILE))) {
    problems.push(`missing ${INLINE_SCRIPT_HASHES_FILE}`);
  }
  for (const file of htmlFiles(clientDir)) {
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
