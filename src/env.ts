/**
 * The one module that reads the process's environment (docs/architecture.md). It imports nothing, so the static
 * front, the logger and the redactor read their few variables without loading the settings' schema
 * (docs/decisions/0017-static-front.md): log.ts takes LOG_LEVEL, redact.ts the secrets as written (it
 * must mask them in the very message that says they are malformed), server/front/role.ts the app's
 * hand-off to the front. Every setting is validated in settings.ts, which reads its values here.
 * Nothing writes the environment: a child's is a copy (settings.ts, childEnv).
 */

/** One variable as the process was given it, read at call time. */
export function envValue(name: string): string | undefined {
  return process.env[name];
}

/** A copy of the whole environment (a child process's starting point); writing it changes nothing here. */
export function envCopy(): NodeJS.ProcessEnv {
  return { ...process.env };
}
