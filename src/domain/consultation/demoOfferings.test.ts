import { describe, expect, test } from 'vitest';
import { DEMO } from '../../../db/seed/demo';
import { DEMO_OFFERINGS, demoOfferingBody } from '../../../db/seed/consultation';
import { OfferingInputSchema } from './offering';
import { expandSessions } from './recurrence';
import { formingText } from './offeringCard';

// The seeder (src/data/seed.ts) gives each demo trainer and training an id; these stand in for them.
const trainerIds = Object.fromEntries(
  DEMO.map(({ trainer }, i) => [trainer.name, `6f1c1d2e-0000-4000-8000-00000000a00${i}`]),
);
const trainings = DEMO.flatMap(({ trainings: list }) => list);
const trainingIds = Object.fromEntries(
  trainings.map((t, i) => [t.title, `6f1c1d2e-0000-4000-8000-0000000b${String(i).padStart(4, '0')}`]),
);
const today = new Date('2026-12-02T08:00:00Z');
const parsed = DEMO_OFFERINGS.map((demo) =>
  OfferingInputSchema.parse(demoOfferingBody(demo, { trainerId: trainerIds[demo.consultant]!, trainingIds }, today)),
);

describe('the demo consultation offerings', () => {
  test('pass the offering’s schema, each by a demo trainer', () => {
    expect(parsed.length).toBeGreaterThanOrEqual(6);
    for (const demo of DEMO_OFFERINGS) expect(trainerIds[demo.consultant]).toBeDefined();
  });

  test('hold group and individual, toward Basic and toward certification, by a consultant-in-training, in Spanish, forming', () => {
    const kinds = new Set(parsed.map((o) => o.kind));
    expect(kinds.has('group') && (kinds.has('individual') || kinds.has('package'))).toBe(true);
    expect(parsed.some((o) => o.countsToward.includes('basic'))).toBe(true);
    expect(parsed.some((o) => o.countsToward.includes('certification'))).toBe(true);
    expect(parsed.some((o) => o.consultantCredential === 'emdria-consultant-in-training')).toBe(true);
    expect(parsed.some((o) => o.language === 'es')).toBe(true);
    expect(parsed.map(formingText)).toContain('Starts when 4 have joined: 2 so far');
  });

  test('one is designated by a demo Basic Training whose consultation is not included', () => {
    const designated = DEMO_OFFERINGS.flatMap((d) => d.designatedBy ?? []);
    expect(designated.length).toBeGreaterThan(0);
    for (const title of designated) {
      const training = trainings.find((t) => t.title === title);
      expect(training).toMatchObject({ programType: 'basic', consultation: { included: false } });
    }
    expect(parsed.filter((o) => o.designations.some((d) => d.trainingId !== null)).length).toBe(designated.length);
  });

  test('dates count from the seeding day, and a skipped date is one of the series’', () => {
    const first = parsed[0]!;
    expect(first.firstSession).toBe('2027-01-01T18:00');
    expect(first.skippedDates).toEqual(['2027-01-29']);
    expect(expandSessions(first)).toHaveLength(10);
  });
});
