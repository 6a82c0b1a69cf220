import type { TrainingFormValues } from '../domain/trainingForm';
import { TrainingFieldsSchema } from '../domain/training';
import { scheduleRowsFromText } from '../domain/scheduleRows';
import { zoneForState } from '../domain/timeZones';
import { toLocalInput } from './localDateTime';
import type { TrainingRow } from './stores';

/** The training form's values: new-training defaults, a stored row as form values, number parsing. */

/** The defaults the API schema gives a body without these fields. */
const { shape } = TrainingFieldsSchema;

// docs/product.md: a new training is published, In-Person, price 0, CE 0, not EMDRIA certified.
export const TRAINING_DEFAULTS: TrainingFormValues = {
  trainerId: '',
  title: '',
  description: '',
  price: 0,
  ceCredits: shape.ceCredits.parse(undefined),
  startDate: '',
  endDate: '',
  format: 'In-Person',
  location: '',
  venue: '',
  state: '',
  thinkificUrl: '',
  schedule: [],
  refundPolicy: '',
  isEMDRIACertified: shape.isEMDRIACertified.parse(undefined),
  isPublished: shape.isPublished.parse(undefined),
  // Empty: the chosen state's zone, shown by the form; an admin may pick another.
  timeZone: '',
};

/** A stored row as form values: only the form's fields (a row also carries columns such as `revision`). */
export function toTrainingForm(t: TrainingRow): TrainingFormValues {
  return {
    trainerId: t.trainerId,
    title: t.title,
    description: t.description,
    price: t.price,
    ceCredits: t.ceCredits,
    startDate: toLocalInput(t.startDate, t.timeZone),
    endDate: toLocalInput(t.endDate, t.timeZone),
    format: t.format,
    location: t.location,
    venue: t.venue ?? '',
    state: t.state ?? '',
    thinkificUrl: t.thinkificUrl,
    schedule: scheduleRowsFromText(t.schedule),
    refundPolicy: t.refundPolicy ?? '',
    isEMDRIACertified: t.isEMDRIACertified,
    isPublished: t.isPublished,
    // A zone that is just the state's default stays "the state's zone", so a new state brings its own.
    timeZone: t.timeZone === zoneForState(t.state) ? '' : t.timeZone,
  };
}

// docs/product.md: price and CE credits are parsed as integers, falling back to 0.
export const integer = (value: unknown) => {
  const n = Number.parseInt(String(value), 10);
  return Number.isNaN(n) ? 0 : n;
};
