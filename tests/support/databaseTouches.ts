/**
 * Which database target each integration and publishing test file runs on in CI (docs/testing.md,
 * "Which database a test runs on"). Every file in tests/integration and tests/publishing says here
 * what it touches; tests/support/databaseTouches.test.ts fails for a file missing from the table, so
 * a new file must choose.
 *
 * The rule:
 * - A file that touches what can differ between the embedded database (PGlite) and a PostgreSQL
 *   server runs on both: its SQL's answers (filters, search, sort, counts, distances, date
 *   arithmetic, constraints and triggers), migrations, transactions and locks, LISTEN/NOTIFY,
 *   several instances on one database, outages, the repositories called directly.
 * - A file that needs a PostgreSQL server (several processes on one database, a server that goes
 *   away) runs on that target only.
 * - A file that never uses the run's target (no database, or a database of its own choosing) runs
 *   once: the other run would repeat it exactly. It runs in the embedded run unless `runsIn` names
 *   the PostgreSQL one, which is there to balance the two runs npm test holds side by side.
 * - The rest (the HTTP API over stored rows, the pages a publish makes from the data: the database is
 *   only where rows are kept) runs once, on the target measured faster for it (`faster`, embedded
 *   unless said).
 * When in doubt, both.
 *
 * Only `npm test` splits (it sets TEST_DB_SPLIT=1 when both targets run). A run by hand on one
 * target (`npx vitest run --project integration`, with or without TEST_DB_TARGET=postgres) runs
 * every file that target can run.
 */
export type Target = 'embedded' | 'postgres';

export type Touch =
  /** What a query answers: filters, search, sort, counts, distances, date arithmetic, constraints, triggers. */
  | 'sql'
  | 'migrations'
  /** Transactions and locks: concurrent writers, conditional updates, advisory and row locks. */
  | 'transactions'
  | 'listen-notify'
  /** Several server processes on one database. */
  | 'instances'
  /** The database going away while the site runs. */
  | 'outage'
  /** The repositories (src/data) called directly and checked. */
  | 'repositories'
  /** Needs a PostgreSQL server: runs on that target only. */
  | 'postgres-server'
  /** The HTTP API over stored rows: nothing the two databases answer differently. */
  | 'api'
  /** The pages and files a publish makes from the data: the database is only where the data comes from. */
  | 'pages'
  /** Never uses the run's target: no database, or one of its own (embedded, or a cluster it starts). */
  | 'no-target';

export interface Entry {
  touches: Touch[];
  /** For a file that runs once: the target measured faster for it. */
  faster?: Target;
  /**
   * For a file that never uses the run's target: the run that hosts it (embedded unless said). The
   * two runs go side by side in npm test, so a long file here evens out when they end.
   */
  runsIn?: Target;
}

const BOTH_TOUCHES: Touch[] = [
  'sql',
  'migrations',
  'transactions',
  'listen-notify',
  'instances',
  'outage',
  'repositories',
];

export const databaseTouches: Record<string, Entry> = {
  'tests/integration/admin-api.test.ts': { touches: ['api'] },
  'tests/integration/admin-history.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/admin-list.test.ts': { touches: ['sql'] },
  'tests/integration/admin-versions.test.ts': { touches: ['transactions'] },
  'tests/integration/alerts.test.ts': { touches: ['sql'] },
  'tests/integration/cache-headers.test.ts': { touches: ['no-target'] },
  'tests/integration/code-guessing.test.ts': { touches: ['sql'] },
  'tests/integration/details-and-credentials.test.ts': { touches: ['sql'] },
  'tests/integration/eligibility.test.ts': { touches: ['sql'] },
  'tests/integration/hostile-input.test.ts': { touches: ['sql'] },
  'tests/integration/https-and-mail.test.ts': { touches: ['api'] },
  'tests/integration/link-health.test.ts': { touches: ['sql', 'transactions'] },
  // Import: matching is SQL reads, Apply is the write path's transactions; the feed test starts a server of its own.
  'tests/integration/imports-csv.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/imports-feed.test.ts': { touches: ['sql', 'transactions'] },
  // One commit per listing save (docs/decisions/0037-one-write-path.md): its transaction and its triggers.
  'tests/integration/listing-write-path.test.ts': { touches: ['sql', 'transactions'] },
  // Partner accounts and reviews (docs/product.md, Partners): scope is SQL, decisions are conditional updates; both targets.
  'tests/integration/mail-outbox-instances.test.ts': { touches: ['postgres-server', 'instances'] },
  'tests/integration/mail-outbox.test.ts': { touches: ['transactions', 'repositories', 'outage'] },
  'tests/integration/partner-accounts.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/partner-scope.test.ts': { touches: ['sql'] },
  // The waiting count, the median review time (percentile_cont, interval arithmetic) and the invitations' conditional updates.
  'tests/integration/partner-overview.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/review-api.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/listing-status.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/consultation-api.test.ts': { touches: ['sql', 'transactions', 'migrations'] },
  'tests/integration/training-copy.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/review-queue.test.ts': { touches: ['sql', 'transactions', 'repositories'] },
  'tests/integration/review-trainer.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/listing-answers.test.ts': { touches: ['sql'] },
  'tests/integration/listing-events.test.ts': { touches: ['sql'] },
  'tests/integration/listing-reports.test.ts': { touches: ['sql', 'transactions'] },
  'tests/integration/login-backoff.test.ts': { touches: ['sql'] },
  'tests/integration/near-me.test.ts': { touches: ['sql'] },
  'tests/integration/parts-availability.test.ts': { touches: ['sql'] },
  'tests/integration/passkey-origins.test.ts': { touches: ['api'] },
  'tests/integration/passkeys.test.ts': { touches: ['api'] },
  'tests/integration/performance-api.test.ts': { touches: ['sql'] },
  'tests/integration/photo-key-migration.test.ts': { touches: ['migrations'] },
  'tests/integration/photo-keys-s3.test.ts': { touches: ['api'] },
  'tests/integration/photo-lifecycle.test.ts': { touches: ['api'] },
  'tests/integration/photo-ownership.test.ts': { touches: ['api'] },
  'tests/integration/photo-reencoding.test.ts': { touches: ['api'] },
  'tests/integration/photo-uploads.test.ts': { touches: ['api'] },
  'tests/integration/photos-s3.test.ts': { touches: ['no-target'] },
  'tests/integration/program-facts.test.ts': { touches: ['sql'] },
  'tests/integration/public-api.test.ts': { touches: ['sql'] },
  'tests/integration/repositories.test.ts': { touches: ['repositories'] },
  'tests/integration/request-fuzz.test.ts': { touches: ['no-target'] },
  'tests/integration/security-headers.test.ts': { touches: ['api'] },
  'tests/integration/security-log.test.ts': { touches: ['sql'] },
  'tests/integration/sessions.test.ts': { touches: ['sql', 'repositories'] },
  // 90–105 s, mostly waiting on body deadlines: in the PostgreSQL run, which otherwise ends minutes
  // before the embedded one (docs/testing.md, Using both cores).
  'tests/integration/starving-clients.test.ts': { touches: ['no-target'], runsIn: 'postgres' },
  'tests/integration/static-front.test.ts': { touches: ['no-target'] },
  // Two no-target files of about 35 s each in the PostgreSQL run, which runs fewer files: the two runs end together.
  'tests/integration/static-memory.test.ts': { touches: ['no-target'], runsIn: 'postgres' },
  'tests/integration/step-up.test.ts': { touches: ['sql'] },
  'tests/integration/team-roles.test.ts': { touches: ['sql'] },
  'tests/integration/time-zones.test.ts': { touches: ['migrations'] },
  'tests/integration/trainer-slugs.test.ts': { touches: ['sql'] },
  'tests/integration/two-factor.test.ts': { touches: ['transactions'] },
  'tests/publishing/daily-and-hook.test.ts': { touches: ['listen-notify', 'transactions'] },
  'tests/publishing/db-outage.test.ts': { touches: ['postgres-server', 'outage'] },
  'tests/publishing/faults.test.ts': { touches: ['transactions'] },
  'tests/publishing/feeds.test.ts': { touches: ['listen-notify'] },
  // In-process renders against a full build of the same snapshot; the snapshot's queries and the
  // publish record run on both targets in the other publishing files. Measured: 144 s on PostgreSQL,
  // 240 s embedded (both under the same load).
  'tests/publishing/incremental.test.ts': { touches: ['pages'], faster: 'postgres' },
  'tests/publishing/photo-sweep-isolation.test.ts': { touches: ['postgres-server'] },
  'tests/publishing/precompressed.test.ts': { touches: ['listen-notify'] },
  'tests/publishing/publishing.test.ts': { touches: ['listen-notify', 'transactions'] },
  'tests/publishing/scale-out.test.ts': { touches: ['postgres-server', 'instances'] },
  'tests/publishing/slow-clients.test.ts': { touches: ['api'] },
  'tests/publishing/startup-errors.test.ts': { touches: ['no-target'], runsIn: 'postgres' },
  'tests/publishing/startup.test.ts': { touches: ['migrations'] },
  'tests/publishing/two-servers.test.ts': { touches: ['instances'] },
  'tests/publishing/valid-html.test.ts': { touches: ['no-target'] },
};

/** The targets a file runs on when both run (npm test), by the rule above; a file not in the table runs on both. */
export function targetsOf(entry: Entry | undefined): Target[] {
  if (!entry) return ['embedded', 'postgres'];
  if (entry.touches.includes('postgres-server')) return ['postgres'];
  if (entry.touches.some((touch) => BOTH_TOUCHES.includes(touch))) return ['embedded', 'postgres'];
  if (entry.touches.includes('no-target')) return [entry.runsIn ?? 'embedded'];
  return [entry.faster ?? 'embedded'];
}

/**
 * The files of `folder` (e.g. 'tests/publishing') a run on `target` leaves out: with `split` (both
 * targets run, each file on its own), those whose targets do not include it; otherwise only those
 * that need a PostgreSQL server, on the embedded target.
 */
export function excludedOn(target: Target, split: boolean, folder: string): string[] {
  return Object.entries(databaseTouches)
    .filter(([file]) => file.startsWith(`${folder}/`))
    .filter(([, entry]) => {
      const targets = targetsOf(entry);
      return split ? !targets.includes(target) : target === 'embedded' && entry.touches.includes('postgres-server');
    })
    .map(([file]) => file);
}
