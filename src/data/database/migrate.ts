import fs from 'node:fs';
import path from 'node:path';
import type { Sql } from './db';

/**
 * Forwards-only, numbered migrations (db/migrations/NNNNN_name.sql). Each file runs in its own
 * transaction under a transaction-level advisory lock, and is re-checked inside the lock, so two
 * processes starting at once apply each file exactly once.
 */
const MIGRATION_LOCK = 7_110_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = path.resolve(process.cwd(), 'db/migrations')): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d+_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.split('_')[0]),
      name: file,
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

export async function migrate(sql: Sql, migrations = readMigrations()): Promise<string[]> {
  await sql`
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`.catch(async (error: unknown) => {
    // Two processes racing on the very first `create table if not exists` can collide on the type name.
    if (!(await tableExists(sql))) throw error;
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
      const [done] = await tx`select 1 from schema_migrations where version = ${migration.version}`;
      if (done) return false;
      await tx.unsafe(migration.sql).simple();
      await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}

async function tableExists(sql: Sql): Promise<boolean> {
  const [row] = await sql`select to_regclass('schema_migrations') is not null as exists`;
  return Boolean(row?.exists);
}
