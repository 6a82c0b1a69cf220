/**
 * A client that keeps cookies as a browser does (what the server sets is sent back; Max-Age=0
 * removes it), sends its page's Origin, and names its own address in X-Forwarded-For (the test
 * servers trust loopback as their proxy), so back-off in one test never reaches another.
 */
export interface Answer {
  status: number;
  body: any;
  setCookies: string[];
  headers: Headers;
}

export interface Browser {
  ip: string;
  cookies: Map<string, string>;
  call(method: string, path: string, body?: unknown): Promise<Answer>;
}

let addresses = 0;

/** A new address of its own, from 198.18.100.0 upwards (the benchmarking range, 198.18.0.0/15). */
export function nextAddress(): string {
  addresses += 1;
  return `198.18.${100 + Math.floor(addresses / 250)}.${1 + (addresses % 250)}`;
}

export function browser(base: string, opts: { origin?: string; ip?: string } = {}): Browser {
  const ip = opts.ip ?? nextAddress();
  const cookies = new Map<string, string>();
  const origin = opts.origin ?? base;
  return {
    ip,
    cookies,
    async call(method, path, body) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          origin,
          'x-forwarded-for': ip,
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookies = response.headers.getSetCookie();
      for (const line of setCookies) {
        const [pair, ...attributes] = line.split(';');
        const [name, value] = pair!.split('=') as [string, string];
        if (attributes.some((a) => /^\s*max-age=0$/i.test(a)) || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // an HTML page
      }
      return { status: response.status, body: parsed, setCookies, headers: response.headers };
    },
  };
}
