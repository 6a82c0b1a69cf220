import { getSql } from './db';

/** Login attempts for throttling (issue 5). */
export async function record(email: string, ip: string, succeeded: boolean): Promise<void> {
  const sql = await getSql();
  await sql`insert into login_attempts (email, ip, succeeded) values (${email.slice(0, 320)}, ${ip.slice(0, 100)}, ${succeeded})`;
}

/** Failures since `since` for this account and for this IP, and when the oldest of them happened. */
export async function recentFailures(email: string, ip: string, since: Date) {
  const sql = await getSql();
  const [row] = await sql<{ byEmail: number; byIp: number; oldestEmail: Date | null; oldestIp: Date | null }[]>`
    select
      count(*) filter (where lower(email) = lower(${email}))::int as by_email,
      count(*) filter (where ip = ${ip})::int as by_ip,
      min(attempted_at) filter (where lower(email) = lower(${email})) as oldest_email,
      min(attempted_at) filter (where ip = ${ip}) as oldest_ip
    from login_attempts
    where not succeeded and attempted_at > ${since} and (lower(email) = lower(${email}) or ip = ${ip})`;
  return row!;
}

/** A successful login clears that account's failures; rows older than a day are dropped. */
export async function clearAfterSuccess(email: string): Promise<void> {
  const sql = await getSql();
  await sql`delete from login_attempts where (lower(email) = lower(${email}) and not succeeded) or attempted_at < now() - interval '1 day'`;
}
