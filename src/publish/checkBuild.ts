import fs from 'node:fs';
import path from 'node:path';
import type { SiteData } from '../domain/siteData';

/**
 * Rejects a build before it goes live: every published training has its page, no other
 * training page exists, `/` and the 404 page exist, and every JSON-LD block parses.
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
