import { getSql } from '../database/db';
import type { LinkOwner, WatchedLink } from './linkHealth';

/**
 * The links that should be watched at `now`: the Register and waitlist links of every training the
 * public sees (published, not ended) and every trainer's website. `owner` narrows it to one listing
 * (the check on save).
 */
export async function linksToWatch(now: Date, owner?: LinkOwner): Promise<WatchedLink[]> {
  const sql = await getSql();
  const training = owner?.trainingId ?? null;
  const trainer = owner?.trainerId ?? null;
  const trainings =
    trainer !== null
      ? []
      : await sql<{ id: string; thinkificUrl: string; waitlistUrl: string | null }[]>`
          select id, thinkific_url, waitlist_url from trainings
          where is_published and end_date >= ${now} and (${training}::uuid is null or id = ${training}::uuid)`;
  const trainers =
    training !== null
      ? []
      : await sql<{ id: string; website: string }[]>`
          select id, website from trainers
          where website is not null and (${trainer}::uuid is null or id = ${trainer}::uuid)`;
  return [
    ...trainings.flatMap((t) => [
      { trainingId: t.id, trainerId: null, kind: 'register' as const, url: t.thinkificUrl },
      ...(t.waitlistUrl ? [{ trainingId: t.id, trainerId: null, kind: 'waitlist' as const, url: t.waitlistUrl }] : []),
    ]),
    ...trainers.map((t) => ({ trainingId: null, trainerId: t.id, kind: 'website' as const, url: t.website })),
  ];
}
