import { TrainerInputSchema, type TrainerFormInput, type Trainer } from '../../src/domain/trainers/trainer';
import { TrainingInputSchema, type TrainingFormValues, type Training } from '../../src/domain/training';
import * as trainers from '../../src/data/trainers';
import * as trainings from '../../src/data/trainings';

const DAY = 86_400_000;

/** A valid trainer, created through the repository. */
export async function createTrainer(overrides: Partial<TrainerFormInput> = {}): Promise<Trainer> {
  return trainers.insert(
    TrainerInputSchema.parse({
      name: 'Dr. Test Trainer',
      bio: 'Trains clinicians in EMDR therapy.',
      credentials: 'PhD',
      statesServed: ['CA'],
      ...overrides,
    }),
  );
}

/** A valid published training starting in `startsInDays`, created through the repository. */
export async function createTraining(
  trainerId: string,
  overrides: Partial<TrainingFormValues> & { startsInDays?: number; days?: number } = {},
): Promise<Training> {
  const { startsInDays = 10, days = 2, ...fields } = overrides;
  const start = new Date(Date.now() + startsInDays * DAY);
  return trainings.insert(
    TrainingInputSchema.parse({
      trainerId,
      title: 'EMDR Basic Training',
      description: 'Learn the eight phases of EMDR therapy.',
      price: 1200,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + days * DAY).toISOString(),
      location: 'Los Angeles, CA',
      format: 'In-Person',
      state: 'CA',
      thinkificUrl: 'https://example.thinkific.com/courses/emdr',
      ...fields,
    }),
  );
}
