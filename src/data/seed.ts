import { DEMO } from '../../db/seed/demo';
import { getSql } from './db';
import { requestPublish } from './publishQueue';

const DAY_MS = 86_400_000;
const SEEDED_KEY = 'demo_seeded_at';

/** Inserts the demo trainers and trainings once per database (CONTRACT.md, SEED_DEMO). */
export async function seedDemoOnce(today = new Date()): Promise<boolean> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [done] = await tx`select 1 from app_meta where key = ${SEEDED_KEY} for update`;
    if (done) return false;
    // 9:00 AM Eastern (14:00 UTC) on the day, so dates read the same on every machine.
    const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 14);
    for (const { trainer, trainings } of DEMO) {
      const [row] = await tx<{ id: string }[]>`insert into trainers ${tx(trainer)} returning id`;
      for (const { startsInDays, days, ...training } of trainings) {
        const startDate = new Date(base + startsInDays * DAY_MS);
        const endDate = new Date(startDate.getTime() + (days - 1) * DAY_MS + 8 * 3_600_000);
        await tx`insert into trainings ${tx({ ...training, trainerId: row!.id, startDate, endDate })}`;
      }
    }
    await tx`insert into app_meta (key, value) values (${SEEDED_KEY}, ${today.toISOString()})`;
    await requestPublish(tx, 'demo data seeded');
    return true;
  });
}
