import type { Sql } from '../../src/data/database/db';
import { STATE_CODES } from '../../src/domain/states';
import { FORMATS } from '../../src/domain/formats';
import { zoneForState } from '../../src/domain/time/timeZones';

/** Realistic generated listings for benchmarks: N trainings over N/10 trainers, spread over a year. */
const TOPICS = [
  'Basic Training',
  'Advanced Workshop',
  'Complex Trauma',
  'Children and Adolescents',
  'Somatic Resources',
  'Consultation Group',
  'Attachment Repair',
  'First Responders',
];
const CITIES = [
  'Los Angeles',
  'Austin',
  'New York',
  'Miami',
  'Seattle',
  'Chicago',
  'Denver',
  'Boston',
  'Atlanta',
  'Phoenix',
];
// Program facts as providers state them (docs/product.md, Program facts): most trainings name one to
// three approving bodies with their statements; Basic Trainings state their consultation.
const BODIES = ['APA', 'NBCC', 'ASWB', 'NAADAC', 'EMDRIA'] as const;
const STATEMENT =
  'This provider is approved to sponsor continuing education for this profession and maintains responsibility for this program and its content. Credit is awarded for full attendance only.';
function programFacts(i: number, rand: () => number) {
  const topic = TOPICS[i % TOPICS.length]!;
  const programType = topic === 'Basic Training' ? 'basic' : topic === 'Consultation Group' ? 'other' : 'advanced';
  const count = Math.floor(rand() * 4);
  const first = Math.floor(rand() * BODIES.length);
  const ceApprovals = Array.from({ length: count }, (_, k) => ({
    body: BODIES[(first + k) % BODIES.length]!,
    boardName: null,
    providerNumber: String(1000 + ((i + k) % 9000)),
    hours: programType === 'basic' ? 50 : 6 + (i % 20),
    statement: STATEMENT,
  }));
  const included = rand() < 0.4;
  const consultation =
    programType === 'basic'
      ? { hours: 10, included, costMin: included ? null : 500, costMax: included ? null : 900 }
      : null;
  return {
    programType,
    ceApprovals,
    consultation,
    completionWindowMonths: programType === 'basic' ? 12 + (i % 3) * 6 : null,
    language: i % 20 === 0 ? 'es' : 'en',
  };
}

/**
 * Who may attend (ADR 0045), as providers state it: a quarter state nothing; the others name two to
 * five license types, Basic Trainings say whether students come, Advanced ones require a completed
 * Basic Training. Drawn from the index, not from `rand`, so the other fields stay as they were.
 */
const LICENSE_SETS = [
  ['psychologist', 'counselor', 'social_worker', 'mft'],
  ['counselor', 'social_worker'],
  ['psychologist', 'psychiatrist', 'psychiatric_np'],
  ['counselor', 'mft', 'addiction', 'social_worker', 'psychologist'],
] as const;
function whoCanAttend(i: number, programType: string) {
  if (i % 4 === 0) return { eligibleLicenses: [], students: null, prerequisite: null, preLicensed: null };
  return {
    eligibleLicenses: [...LICENSE_SETS[i % LICENSE_SETS.length]!],
    students: programType === 'basic' ? { allowed: i % 3 !== 0, proof: null } : null,
    prerequisite: programType === 'basic' ? 'none' : programType === 'advanced' ? 'emdr_basic' : 'emdria_certified',
    preLicensed: programType === 'basic' ? i % 2 === 0 : null,
  };
}

const LOREM =
  'Participants learn the eight phases of EMDR therapy, the Adaptive Information Processing model, history taking, resourcing and safe reprocessing, with live demonstrations and supervised practicum in small groups. ';

/**
 * A venue's position for the near-me figures: spread over the contiguous states' box by two
 * co-prime strides (deterministic, and without drawing from `rand`, so the other fields stay as
 * they were). Virtual trainings have none, as in the product.
 */
function benchPosition(i: number): { latitude: number | null; longitude: number | null } {
  if (FORMATS[i % 3] === 'Virtual') return { latitude: null, longitude: null };
  return { latitude: 25 + ((i * 7919) % 2400) / 100, longitude: -124 + ((i * 104_729) % 5700) / 100 };
}

export async function generateListings(sql: Sql, n: number, seed = 1): Promise<string[]> {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const trainerIds: string[] = [];
  const trainers = Math.max(1, Math.ceil(n / 10));
  for (let i = 0; i < trainers; i++) {
    const [row] = await sql<{ id: string }[]>`
      insert into trainers (name, bio, credentials, states_served)
      values (${`Trainer ${i + 1} ${CITIES[i % CITIES.length]}`}, ${LOREM.repeat(2)}, 'PhD, EMDRIA Approved Consultant', ${[STATE_CODES[i % 50]!]})
      returning id`;
    trainerIds.push(row!.id);
  }
  const rows = [];
  const day = 86_400_000;
  for (let i = 0; i < n; i++) {
    const start = new Date(Date.now() + (3 + Math.floor(rand() * 360)) * day);
    const facts = programFacts(i, rand);
    const who = whoCanAttend(i, facts.programType);
    rows.push({
      ...facts,
      ...who,
      eligibleLicenses: sql.json(who.eligibleLicenses),
      students: who.students ? sql.json(who.students) : null,
      ceApprovals: sql.json(facts.ceApprovals),
      consultation: facts.consultation ? sql.json(facts.consultation) : null,
      trainerId: trainerIds[i % trainerIds.length]!,
      title: `EMDR ${TOPICS[i % TOPICS.length]} — ${CITIES[i % CITIES.length]} #${i + 1}`,
      description: LOREM.repeat(3),
      price: 200 + Math.floor(rand() * 1500),
      startDate: start,
      endDate: new Date(start.getTime() + 2 * day),
      location: `${CITIES[i % CITIES.length]}, ${STATE_CODES[i % 50]}`,
      venue: i % 3 === 0 ? 'Conference Center' : null,
      format: FORMATS[i % 3]!,
      ...benchPosition(i),
      state: STATE_CODES[i % 50]!,
      timeZone: zoneForState(STATE_CODES[i % 50]),
      isEMDRIACertified: i % 2 === 0,
      ceCredits: 6 + (i % 20),
      schedule: JSON.stringify([{ day: 'Day 1', time: '9:00 AM - 5:00 PM', topics: 'Foundations' }]),
      refundPolicy: i % 4 === 0 || facts.programType === 'basic' ? 'Full refund up to 30 days before the start.' : null,
      thinkificUrl: `https://emdr.thinkific.com/courses/training-${i + 1}`,
      isPublished: true,
    });
  }
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const inserted = await sql<{ id: string }[]>`insert into trainings ${sql(chunk)} returning id`;
    ids.push(...inserted.map((r) => r.id));
  }
  await sql`insert into publish_requests (reason) values ('benchmark data generated')`;
  return ids;
}
