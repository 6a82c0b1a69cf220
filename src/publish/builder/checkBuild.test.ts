import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { checkBuild } from './checkBuild';
import { allFeeds, feedPath, NEW_LISTINGS_PATH } from '../../domain/feeds/feedCatalog';
import { INLINE_SCRIPT_HASHES_FILE } from '../../server/cspHashes';
import type { SiteData, SiteTraining } from '../../domain/siteData';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const training = (id: string, isPublished: boolean): SiteTraining =>
  ({
    id,
    isPublished,
    state: 'CA',
    endDate: '2099-01-01T00:00:00.000Z',
    startDate: '2098-12-31T00:00:00.000Z',
  }) as SiteTraining;

/** A build folder holding every file a good build has, for the data given. */
function goodBuild(data: SiteData): string {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'emdr-check-'));
  dirs.push(out);
  const client = path.join(out, 'client');
  const write = (file: string, text = '<html></html>') => {
    fs.mkdirSync(path.dirname(path.join(client, file)), { recursive: true });
    fs.writeFileSync(path.join(client, file), text);
  };
  write('index.html');
  write('404.html');
  write('trainings/california/index.html');
  for (const t of data.trainings.filter((t) => t.isPublished)) write(`training/${t.id}/index.html`);
  for (const feed of [...allFeeds().map(feedPath), NEW_LISTINGS_PATH])
    write(feed, 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  fs.writeFileSync(path.join(out, INLINE_SCRIPT_HASHES_FILE), '[]');
  return client;
}

const data: SiteData = {
  generatedAt: '2026-11-23T00:00:00.000Z',
  trainings: [training('a1', true), training('d1', false)],
};

describe('the check a build passes before it goes live', () => {
  test('a complete build passes', () => {
    expect(checkBuild(goodBuild(data), data)).toEqual([]);
  });

  test('a build without the page of a state that has a listed training is refused', () => {
    const client = goodBuild(data);
    fs.rmSync(path.join(client, 'trainings'), { recursive: true });
    expect(checkBuild(client, data)).toContain('missing state page california');
  });

  test('a missing feed, or a feed naming an unpublished training, is refused', () => {
    const client = goodBuild(data);
    fs.rmSync(path.join(client, 'feeds/virtual.ics'));
    fs.writeFileSync(path.join(client, 'feeds/all.ics'), 'BEGIN:VEVENT\r\nUID:d1@emdr-training-marketplace\r\n');
    expect(checkBuild(client, data)).toEqual(
      expect.arrayContaining(['missing feed /feeds/virtual.ics', 'feed /feeds/all.ics holds an unpublished training']),
    );
  });

  test('a build without its list of script hashes is refused: no script of its pages would run', () => {
    const client = goodBuild(data);
    fs.rmSync(path.join(path.dirname(client), INLINE_SCRIPT_HASHES_FILE));
    expect(checkBuild(client, data)).toContain(`missing ${INLINE_SCRIPT_HASHES_FILE}`);
  });
});
