import { DEMO } from '../../db/seed/demo';
import { DEMO_OFFERINGS, demoOfferingBody } from '../../db/seed/consultation';
import { OfferingInputSchema } from '../domain/consultation/offering';
import * as offerings from './offerings';
import { getSql } from './database/db';
import { requestPublish } from './publishQueue';
import { wallClockToInstant } from '../domain/time/zonedTime';
import { columns } from './trainings';
import { lookupZip } from './zipTable';
import { hasPlace } from '../domain/nearMe/nearby';

const DAY_MS = 86_400_000;
const SEEDED_KEY = 'demo_seeded_at';

/**
 * Inserts the demo trainers, trainings and consultation offerings once per database (README.md,
 * SEED_DEMO). An offering goes through its schema, as every saved one does (domain/consultation/offering.ts).
 */
export async function seedDemoOnce(today = new Date()): Promise<boolean> {
  const sql = await getSql();
  return sql.begin(async (tx) => {
    const [done] = await tx`select 1 from app_meta where key = ${SEEDED_KEY} for update`;
    if (done) return false;
    // Days count from today's UTC date, so the data is the same on every machine.
    const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
    const trainerIds: Record<string, string> = {};
    const trainingIds: Record<string, string> = {};
    for (const { trainer, trainings } of DEMO) {
      const [row] = await tx<{ id: string }[]>`insert into trainers ${tx(trainer)} returning id`;
      trainerIds[trainer.name] = row!.id;
      for (const { startsInDays, days, parts: demoParts = [], ...training } of trainings) {
        // 9:00 AM on the first day to 5:00 PM on the last, on the wall clock of the training's zone.
        const day = (n: number) => new Date(base + n * DAY_MS).toISOString().slice(0, 10);
        const at = (n: number, time: string) => new Date(wallClockToInstant(`${day(n)}T${time}`, training.timeZone)!);
        const parts = demoParts.map((p) => ({
          label: null,
          startDate: at(p.startsInDays, '09:00').toISOString(),
          endDate: at(p.startsInDays + p.days - 1, '17:00').toISOString(),
          timeZone: null,
          format: p.format ?? null,
          location: p.location ?? null,
          venue: p.venue ?? null,
        }));
        // A program in parts runs from its first part's start to its last part's end (docs/product.md).
        const startDate = parts[0] ? new Date(parts[0].startDate) : at(startsInDays, '09:00');
        const endDate = parts.at(-1) ? new Date(parts.at(-1)!.endDate) : at(startsInDays + days - 1, '17:00');
        const zip = training.postalCode && hasPlace(training.format) ? await lookupZip(training.postalCode) : null;
        const position = { latitude: zip?.latitude ?? null, longitude: zip?.longitude ?? null };
        const input = { ...training, ...position, parts, trainerId: row!.id, startDate, endDate };
        const [inserted] = await tx<{ id: string }[]>`insert into trainings ${tx(columns(tx, input))} returning id`;
        trainingIds[training.title] = inserted!.id;
      }
    }
    for (const demo of DEMO_OFFERINGS) {
      const trainerId = trainerIds[demo.consultant];
      if (!trainerId) throw new Error(`The demo offering's consultant ${demo.consultant} is not a demo trainer`);
      const input = OfferingInputSchema.parse(demoOfferingBody(demo, { trainerId, trainingIds }, today));
      const zip = input.postalCode && hasPlace(input.format) ? await lookupZip(input.postalCode) : null;
      await offerings.insert(tx, { ...input, latitude: zip?.latitude ?? null, longitude: zip?.longitude ?? null });
    }
    await tx`insert into app_meta (key, value) values (${SEEDED_KEY}, ${today.toISOString()})`;
    await requestPublish(tx, 'demo data seeded');
    return true;
  });
}
