/**
 * The log levels LOG_LEVEL may name: one rule for the settings' schema (settings.ts), which reports a bad
 * value at start, and for the logger (log.ts), which takes the level without loading that schema:
 * the static front logs with it and loads no settings (docs/decisions/0017-static-front.md).
 */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** The level LOG_LEVEL names, or `info` when it is unset or not a level. */
export function logLevelOf(value: string | undefined): string {
  return value && (LOG_LEVELS as readonly string[]).includes(value) ? value : 'info';
}
