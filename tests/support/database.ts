import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/**
 * The database target of a test run (README.md): TEST_DB_TARGET=postgres → a fresh database
 * created on TEST_DATABASE_URL's server and dropped afterwards; otherwise the embedded one (the
 * server under test creates it in its DATA_DIR).
 */
export interface TestDatabase {
  target: 'embedded' | 'postgres';
  url: string;
  drop(): Promise<void>;
}

export async function prepareTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_TARGET !== 'postgres') return { target: 'embedded', url: '', drop: async () => {} };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_TARGET=postgres needs TEST_DATABASE_URL');
  const name = `emdr_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: 'postgres',
    url: url.toString(),
    async drop() {
      const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    },
  };
}
