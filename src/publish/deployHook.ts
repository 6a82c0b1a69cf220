/** Deploy-hook mode: POST to BUILD_HOOK_URL (e.g. a Netlify build hook) with retries and backoff. */
export async function callDeployHook(
  url: string,
  attempts = 4,
  firstDelayMs = 1000,
): Promise<{ ok: true } | { ok: false; error: string }> {
  let error = '';
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, firstDelayMs * 2 ** (attempt - 1)));
    try {
      const response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(15_000) });
      if (response.ok) return { ok: true };
      error = `deploy hook answered ${response.status}`;
    } catch (e) {
      error = `deploy hook unreachable: ${(e as Error).message}`;
    }
  }
  // The hook's URL is a secret: it never goes into the error shown to admins.
  return { ok: false, error };
}
