import { WHO_VALUES, needsBasicTraining, whoMatch, type Eligibility } from '../trainingFacts/eligibility';

/**
 * The "I am a …" filter (ADR 0045) over the in-memory listing: each training's answer for every
 * choice, worked out once per row as bits in WHO_VALUES order, so a query tests one bit per row.
 */
export interface WhoBits {
  /** The choices the training names: a license type in its list, or students it takes. */
  named: number;
  /** The choices it is kept for: those it names and those it states nothing about (listed after). */
  kept: number;
  /** It needs a completed Basic Training or certification: "I can take now" hides it. */
  needsBasic: boolean;
}

const EVERY_CHOICE = (1 << WHO_VALUES.length) - 1;

export function whoBits(t: Partial<Pick<Eligibility, 'eligibleLicenses' | 'students' | 'prerequisite'>>): WhoBits {
  let named = 0;
  let kept = 0;
  WHO_VALUES.forEach((who, bit) => {
    const match = whoMatch(t, who);
    if (match === 'yes') named |= 1 << bit;
    if (match !== 'no') kept |= 1 << bit;
  });
  return { named, kept, needsBasic: needsBasicTraining(t.prerequisite) };
}

/** The bit of a `license` filter value; 0 (no filter) for '' or a value the list does not know. */
export function whoBit(license: string): number {
  const bit = (WHO_VALUES as readonly string[]).indexOf(license);
  return bit < 0 ? 0 : 1 << bit;
}

/**
 * Counts per choice: how many trainings each would keep. Most trainings state nothing and are kept
 * for every choice: those are added up once and spread at the end (`finish`).
 */
export function whoCounter() {
  const counts: Record<string, number> = Object.fromEntries(WHO_VALUES.map((who) => [who, 0]));
  let everyone = 0;
  return {
    add(kept: number) {
      if (kept === EVERY_CHOICE) everyone++;
      else WHO_VALUES.forEach((who, bit) => kept & (1 << bit) && counts[who]!++);
    },
    finish(): Record<string, number> {
      for (const who of WHO_VALUES) counts[who]! += everyone;
      return counts;
    },
  };
}
