import { getSql } from '../data/database/db';
import type { HealthAnswer } from './healthReply';

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (it can serve: the database answers and a
 * published build is live), for load balancers: unauthenticated, cheap, and never saying more than
 * a reason. The database is asked at most once a second however many probes arrive.
 */
const DB_TIMEOUT_MS = 2_000;
const DB_CHECK_EVERY_MS = 1_000;

let lastCheck: { at: number; result: Promise<boolean> } | undefined;

function databaseAnswers(): Promise<boolean> {
  const now = Date.now();
  if (lastCheck && now - lastCheck.at < DB_CHECK_EVERY_MS) return lastCheck.result;
  const result = (async () => {
    const sql = await getSql();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), DB_TIMEOUT_MS);
    });
    try {
      await Promise.race([sql`select 1`, timeout]);
      return true;
    } finally {
      clearTimeout(timer);
    }
  })().catch(() => false);
  lastCheck = { at: now, result };
  return result;
}

/**
 * `starting` holds from listening until the start has finished: the publisher runs, warm-up has
 * compiled every route and the environment's admin can sign in. A load balancer sends no traffic
 * before that; `/healthz` (the process is alive) answers all along.
 */
export async function healthAnswer(pathname: string, hasLiveBuild: boolean, starting = false): Promise<HealthAnswer> {
  if (pathname === '/healthz') return { status: 200, body: { status: 'ok' } };
  if (starting) return { status: 503, body: { status: 'unavailable', reason: 'starting' } };
  if (!hasLiveBuild) return { status: 503, body: { status: 'unavailable', reason: 'no live build' } };
  if (!(await databaseAnswers()))
    return { status: 503, body: { status: 'unavailable', reason: 'database unreachable' } };
  return { status: 200, body: { status: 'ok' } };
}
