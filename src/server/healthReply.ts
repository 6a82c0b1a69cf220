import type { ServerResponse } from 'node:http';

/**
 * What `/healthz` and `/readyz` answer (health.ts makes it in the app), and how it is written: by
 * the app itself, or by the static front with the app's answer (front/appHealth.ts). Nothing of the
 * database is loaded here: the front imports it.
 */
export interface HealthAnswer {
  status: 200 | 503;
  body: { status: 'ok' } | { status: 'unavailable'; reason: string };
}

export function sendHealth(res: ServerResponse, answer: HealthAnswer): void {
  const body = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}
