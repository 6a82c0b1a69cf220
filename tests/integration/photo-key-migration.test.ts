import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, expect, test } from 'vitest';
import { getSql } from '../../src/data/database/db';
import { resetDatabase } from '../support/reset';

/**
 * The migration that gives trainers a photo key derives it for existing rows from the stored photo:
 * a local `/objects/<key>` path or an S3 `<base>/trainer-photos/<key>` URL, whatever the base.
 */
beforeEach(resetDatabase);

function backfillStatement(): string {
  const file = fs.readFileSync(path.resolve('db/migrations/00012_change_history.sql'), 'utf8');
  const statement = file.match(/update trainers[\s\S]*?;/)?.[0];
  if (!statement) throw new Error('the migration has no backfill of trainers.photo_key');
  return statement;
}

test('existing photos get the key their path or URL names; other photos get none', async () => {
  const sql = await getSql();
  const local = 'a'.repeat(32);
  const s3 = 'b'.repeat(32);
  const photos = [
    `/objects/${local}`,
    `https://old-cdn.example.com/photos/trainer-photos/${s3}`,
    'https://elsewhere.example.com/face.jpg',
    `/objects/${local}.png`,
  ];
  for (const [i, photo] of photos.entries()) {
    await sql`insert into trainers (name, bio, photo) values (${`Dr. Row ${i}`}, 'Bio', ${photo})`;
  }
  await sql.begin((tx) => tx.unsafe(backfillStatement()).simple());
  const rows = await sql<{ photo: string; photoKey: string | null }[]>`select photo, photo_key from trainers`;
  const keyOf = (photo: string) => rows.find((row) => row.photo === photo)?.photoKey;
  expect(photos.map(keyOf)).toEqual([local, s3, null, null]);
});
