/**
 * Where a data-only publish's planning goes at N trainings: the snapshot, then the page digests,
 * for a first publish and for one after a single edit. Prints CPU milliseconds per phase, median
 * of several edits. `npx tsx scripts/bench/diag-digests.ts 5000` (needs TEST_DATABASE_URL).
 */
import postgres from 'postgres';
import { randomBytes } from 'node:crypto';

const n = Number(process.argv[2] ?? 5000);
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `emdr_diag_${randomBytes(4).toString('hex')}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();
process.env.DATA_DIR ??= `/tmp/${name}`;
try {
  const { getSql, closeDb } = await import('../../src/data/database/db');
  const { migrate } = await import('../../src/data/database/migrate');
  const { generateListings } = await import('../../tests/support/generate');
  const { takeSnapshot } = await import('../../src/publish');
  const { pageInputDigests } = await import('../../src/prerender/pageInputs');
  const sql = await getSql();
  await migrate(sql);
  const ids = await generateListings(sql, n);
  const cpu = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;
  const time = async <T>(f: () => T | Promise<T>): Promise<[T, number]> => {
    const start = cpu();
    const value = await f();
    return [value, cpu() - start];
  };
  const [first, firstSnap] = await time(() => takeSnapshot());
  const [, firstDigest] = await time(() => pageInputDigests(first));
  console.log(`first publish: snapshot ${firstSnap.toFixed(0)} ms, digests ${firstDigest.toFixed(0)} ms`);
  const snaps: number[] = [];
  const digests: number[] = [];
  for (let i = 0; i < 25; i++) {
    await sql`update trainings set title = title || '!' where id = ${ids[(i * 97) % ids.length]!}`;
    const [data, s] = await time(() => takeSnapshot());
    const [, d] = await time(() => pageInputDigests(data));
    snaps.push(s);
    digests.push(d);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(0);
  console.log(`one edit (median of 25): snapshot ${median(snaps)} ms, digests ${median(digests)} ms`);
  console.log(
    `digests fastest ${Math.min(...digests).toFixed(0)} ms (the least disturbed by other work on the machine)`,
  );
  await closeDb();
} finally {
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
