/** An HTTP client for the admin API that signs in like the browser does (cookie + same Origin + JSON). */
export interface AdminClient {
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  cookie: string;
}

export async function login(base: string, email = process.env.ADMIN_EMAIL!, password = process.env.ADMIN_PASSWORD!) {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  return response;
}

export async function adminClient(
  base = process.env.TEST_BASE_URL!,
  email?: string,
  password?: string,
): Promise<AdminClient> {
  const response = await login(base, email, password);
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return clientWithCookie(response.headers.get('set-cookie')!.split(';')[0]!, base);
}

/** A client for a session cookie the server set (a sign-in, or an accepted invitation). */
export function clientWithCookie(cookie: string, base = process.env.TEST_BASE_URL!): AdminClient {
  return {
    cookie,
    async call(method, path, body, headers = {}) {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: {
          cookie,
          origin: base,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await r.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON (an HTML page)
      }
      return { status: r.status, body: parsed, headers: r.headers };
    },
  };
}

/**
 * Waits until every change so far is on the published pages (site status `idle`), so a spec that
 * compares the API with a static page does not read a page a previous spec's change is still rebuilding.
 */
export async function untilSiteIdle(admin: AdminClient, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await admin.call('GET', '/api/admin/site-status');
    if (status === 200 && (body as { state?: string }).state === 'idle') return;
    if (Date.now() > deadline)
      throw new Error(`site not idle after ${timeoutMs} ms: ${status} ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 250)); // a poll interval, not a wait for an outcome
  }
}
