/**
 * The environment the static front is forked with (docs/security.md): the front serves published files and
 * hands connections over; it reads no settings (the app passes what it needs in FRONT_CONFIG_ENV).
 * So it gets only what the runtime itself reads, never DATABASE_URL, SMTP_URL, S3_SECRET_ACCESS_KEY,
 * ADMIN_PASSWORD or anything else the app's environment may hold: a bug in the front, or a
 * process dump of it, gives nothing away.
 */
const NAMES = new Set([
  'PATH',
  'HOME',
  'TMPDIR',
  'TZ',
  'LANG',
  'NODE_ENV',
  'NODE_OPTIONS',
  'NODE_V8_COVERAGE',
  'UV_THREADPOOL_SIZE',
  'LOG_LEVEL',
]);
/** Locale settings, and glibc's allocator settings of `npm start` (package.json `config.server_malloc`). */
const PREFIXES = ['LC_', 'MALLOC_'];

export function frontEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && (NAMES.has(name) || PREFIXES.some((prefix) => name.startsWith(prefix))))
      kept[name] = value;
  }
  return kept;
}
