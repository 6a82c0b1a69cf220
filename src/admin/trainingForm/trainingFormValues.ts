import {
  NO_CONSULTATION_FORM,
  NO_STUDENTS_FORM,
  type CeApprovalRow,
  type ConsultationForm,
  type TrainingFormValues,
} from '../../domain/trainingForm';
import { TrainingFieldsSchema } from '../../domain/training';
import { scheduleRowsFromText } from '../../domain/parts/scheduleRows';
import { zoneForState } from '../../domain/time/timeZones';
import { DEFAULT_LANGUAGE } from '../../domain/trainingFacts/programFacts';
import { toLocalInput } from './localDateTime';
import type { TrainingRow } from '../client/stores';

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
  // Program facts: none stated (what a training without them stores).
  programType: '',
  ceApprovals: [],
  consultation: { ...NO_CONSULTATION_FORM },
  completionWindowMonths: null,
  language: DEFAULT_LANGUAGE,
  eligibility: '',
  accessibility: '',
  // Who can attend (ADR 0045): nothing stated.
  eligibleLicenses: [],
  otherLicense: '',
  preLicensed: '',
  students: { ...NO_STUDENTS_FORM },
  prerequisite: '',
  prerequisiteText: '',
  restrictedTo: '',
  // No parts, open: what a training saved before they existed stores.
  parts: [],
  availability: 'open',
  seatsLeft: null,
  waitlistUrl: '',
  // No ZIP code: the API stores '' as none. No position by hand: the ZIP code's is used.
  postalCode: '',
  latitude: null,
  longitude: null,
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
    programType: t.programType ?? '',
    ceApprovals: (t.ceApprovals ?? []).map(toApprovalRow),
    consultation: toConsultationForm(t.consultation),
    completionWindowMonths: t.completionWindowMonths ?? null,
    language: t.language || DEFAULT_LANGUAGE,
    eligibility: t.eligibility ?? '',
    accessibility: t.accessibility ?? '',
    eligibleLicenses: t.eligibleLicenses ?? [],
    otherLicense: t.otherLicense ?? '',
    preLicensed: yesNoForm(t.preLicensed),
    students: t.students
      ? { allowed: yesNoForm(t.students.allowed), proof: t.students.proof ?? '' }
      : { ...NO_STUDENTS_FORM },
    prerequisite: t.prerequisite ?? '',
    prerequisiteText: t.prerequisiteText ?? '',
    restrictedTo: t.restrictedTo ?? '',
    // Each part's pickers read its own zone's clock, or the training's when it has none.
    parts: (t.parts ?? []).map((p) => ({
      label: p.label ?? '',
      startDate: toLocalInput(p.startDate, p.timeZone ?? t.timeZone),
      endDate: toLocalInput(p.endDate, p.timeZone ?? t.timeZone),
      timeZone: p.timeZone ?? '',
      format: p.format ?? '',
      location: p.location ?? '',
      venue: p.venue ?? '',
    })),
    availability: t.availability ?? 'open',
    seatsLeft: t.seatsLeft ?? null,
    waitlistUrl: t.waitlistUrl ?? '',
    postalCode: t.postalCode ?? '',
    // Only a hand-set position fills the fields: one derived from the ZIP code follows a new ZIP code.
    latitude: t.positionByHand ? t.latitude : null,
    longitude: t.positionByHand ? t.longitude : null,
  };
}

/** A stated yes or no as the form's select holds it; '' is not stated. */
const yesNoForm = (value: boolean | null | undefined) => (value == null ? '' : value ? 'yes' : 'no');

function toApprovalRow(a: TrainingRow['ceApprovals'][number]): CeApprovalRow {
  return {
    body: a.body,
    boardName: a.boardName ?? '',
    providerNumber: a.providerNumber ?? '',
    hours: a.hours,
    statement: a.statement ?? '',
  };
}

function toConsultationForm(c: TrainingRow['consultation']): ConsultationForm {
  if (!c) return { ...NO_CONSULTATION_FORM };
  return { stated: true, hours: c.hours, included: c.included, costMin: c.costMin, costMax: c.costMax };
}

// docs/product.md: price and CE credits are parsed as integers, falling back to 0.
export const integer = (value: unknown) => {
  const n = Number.parseInt(String(value), 10);
  return Number.isNaN(n) ? 0 : n;
};

/**
 * A number input whose emptiness means "not stated": '' is null, anything else its number (a
 * fraction or a negative stays as typed, for the schema to refuse with its message).
 */
export const optionalNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  return Number(value);
};
