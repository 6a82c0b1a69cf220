import { DEMO } from '../../db/seed/demo';
import { getSql } from './db';
import { requestPublish } from './publishQueue';
import { wallClockToInstant } from '../domain/zonedTime';
import { columns } from './trainings';

const DAY_MS = 86_400_000;
const SEEDED_KEY = 'demo_seeded_at';

/** Inserts the demo trainers and trainings once per database (README.md, SEED_DEMO). */
export async function seedDemoOnce(today = new Date()): Promise<boolean> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [done] = await tx`select 1 from app_meta where key = ${SEEDED_KEY} for update`;
    if (done) return false;
    // Days count from today's UTC date, so the data is the same on every machine.
    const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    for (const { trainer, trainings } of DEMO) {
      const [row] = await tx<{ id: string }[]>`insert into trainers ${tx(trainer)} returning id`;
      for (const { startsInDays, days, ...training } of trainings) {
        // 9:00 AM on the first day to 5:00 PM on the last, on the wall clock of the training's zone.
        const day = (n: number) => new Date(base + n * DAY_MS).toISOString().slice(0, 10);
        const startDate = new Date(wallClockToInstant(`${day(startsInDays)}T09:00`, training.timeZone)!);
        const endDate = new Date(wallClockToInstant(`${day(startsInDays + days - 1)}T17:00`, training.timeZone)!);
        const input = { ...training, trainerId: row!.id, startDate, endDate };
        await tx`insert into trainings ${tx(columns(tx, input))}`;
      }
    }
    await tx`insert into app_meta (key, value) values (${SEEDED_KEY}, ${today.toISOString()})`;
    await requestPublish(tx, 'demo data seeded');
    return true;
  });
}
