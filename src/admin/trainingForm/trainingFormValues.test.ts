import { describe, expect, test } from 'vitest';
import { NO_PROGRAM_FACTS } from '../../domain/trainingFacts/programFacts';
import { OPEN } from '../../domain/parts/availability';
import { NO_POSITION } from '../../domain/nearMe/nearby';
import { NO_ELIGIBILITY } from '../../domain/trainingFacts/eligibility';
import { PROGRAM_MESSAGES } from '../../domain/trainingFacts/programFields';
import { EMPTY_CE_APPROVAL_ROW, TrainingFormSchema, type TrainingFormValues } from '../../domain/trainingForm';
import type { TrainingRow } from '../client/stores';
import { TRAINING_DEFAULTS, optionalNumber, toTrainingForm } from './trainingFormValues';

const stored: TrainingRow = {
  id: '5b0c1a9e-0000-4000-8000-000000000001',
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-02T00:00:00.000Z',
  revision: 3,
  trainerId: '5b0c1a9e-0000-4000-8000-0000000000aa',
  title: 'EMDR Basic Training, Part 1',
  description: 'Weekend one of the basic training.',
  price: 1450,
  ceCredits: 20,
  startDate: '2027-03-06T17:00:00.000Z',
  endDate: '2027-03-08T01:00:00.000Z',
  format: 'In-Person',
  location: 'Los Angeles, CA',
  venue: null,
  state: 'CA',
  timeZone: 'America/Los_Angeles',
  schedule: null,
  refundPolicy: null,
  thinkificUrl: 'https://emdr.thinkific.com/courses/basic',
  isEMDRIACertified: true,
  isPublished: true,
  ...NO_PROGRAM_FACTS,
  ...OPEN,
  ...NO_POSITION,
  ...NO_ELIGIBILITY,
  parts: [],
  ceApprovals: [],
};

const facts = {
  programType: 'basic',
  ceApprovals: [
    {
      body: 'APA',
      boardName: null,
      providerNumber: '1234',
      hours: 50,
      statement: 'Approved by the APA to sponsor CE.',
    },
    { body: 'STATE_BOARD', boardName: 'California BBS', providerNumber: null, hours: 49.75, statement: null },
  ],
  consultation: { hours: 10, included: false, costMin: 600, costMax: 900 },
  completionWindowMonths: 12,
  language: 'es',
  eligibility: 'Licensed clinicians and graduate students in a clinical program',
  accessibility: 'Captions on every session',
  refundPolicy: 'Full refund until 14 days before',
} as const satisfies Partial<TrainingRow>;

/** What the form sends for a stored row left as it was. */
const saved = (row: TrainingRow) => TrainingFormSchema.parse(toTrainingForm(row));

/** The stored row's fields as the API takes them (dates as instants, no id or revision). */
function fieldsOf(row: TrainingRow) {
  const { id: _id, createdAt: _c, updatedAt: _u, revision: _r, ...fields } = row;
  return { ...fields, startDate: new Date(row.startDate), endDate: new Date(row.endDate) };
}

describe('training form values', () => {
  test('a training without program facts saves exactly what it stored', () => {
    expect(saved(stored)).toEqual(fieldsOf(stored));
  });

  test('a new training states no program facts', () => {
    const values: TrainingFormValues = {
      ...TRAINING_DEFAULTS,
      trainerId: stored.trainerId,
      title: 'New',
      description: 'New training',
      startDate: '2027-03-06T09:00',
      endDate: '2027-03-07T17:00',
      location: 'Zoom',
      thinkificUrl: 'https://emdr.thinkific.com/courses/new',
    };
    expect(TrainingFormSchema.parse(values)).toMatchObject({ ...NO_PROGRAM_FACTS, refundPolicy: null });
  });

  test('CE approvals, consultation and the other facts load into the form and save unchanged', () => {
    const row = { ...stored, ...facts };
    const values = toTrainingForm(row);
    expect(values.ceApprovals).toEqual([
      {
        body: 'APA',
        boardName: '',
        providerNumber: '1234',
        hours: 50,
        statement: 'Approved by the APA to sponsor CE.',
      },
      { body: 'STATE_BOARD', boardName: 'California BBS', providerNumber: '', hours: 49.75, statement: '' },
    ]);
    expect(values.consultation).toEqual({ stated: true, hours: 10, included: false, costMin: 600, costMax: 900 });
    expect(saved(row)).toEqual(fieldsOf(row));
  });

  test('who can attend loads into the form and saves unchanged; labels of choices not made are dropped', () => {
    const row: TrainingRow = {
      ...stored,
      eligibleLicenses: ['counselor', 'other'],
      otherLicense: 'Creative arts therapists',
      preLicensed: false,
      students: { allowed: true, proof: 'A letter from the program director' },
      prerequisite: 'other',
      prerequisiteText: 'Part 1 of this Basic Training',
      restrictedTo: 'Staff of County Behavioral Health only',
    };
    const values = toTrainingForm(row);
    expect(values).toMatchObject({ preLicensed: 'no', students: { allowed: 'yes' }, prerequisite: 'other' });
    expect(saved(row)).toEqual(fieldsOf(row));
    const unchosen = TrainingFormSchema.parse({
      ...values,
      eligibleLicenses: ['counselor'],
      students: { allowed: 'no', proof: 'kept only for students taken' },
      prerequisite: 'emdr_basic',
      preLicensed: '',
    });
    expect(unchosen).toMatchObject({
      otherLicense: null,
      students: { allowed: false, proof: null },
      prerequisiteText: null,
      preLicensed: null,
    });
    const missing = TrainingFormSchema.safeParse({ ...values, otherLicense: '', prerequisiteText: ' ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['otherLicense', 'Name the other license type'],
      ['prerequisiteText', 'Describe the prerequisite'],
    ]);
  });

  test('a language outside the common ones is kept', () => {
    expect(saved({ ...stored, language: 'sw' }).language).toBe('sw');
  });

  test('empty inputs become null: a consultation not stated, costs of an included one, blank text', () => {
    const values = toTrainingForm(stored);
    const notStated = { stated: false, hours: 4, included: false, costMin: 100, costMax: 200 };
    expect(TrainingFormSchema.parse({ ...values, consultation: notStated }).consultation).toBeNull();
    const included = { stated: true, hours: 4, included: true, costMin: 100, costMax: 200 };
    expect(TrainingFormSchema.parse({ ...values, consultation: included }).consultation).toEqual({
      hours: 4,
      included: true,
      costMin: null,
      costMax: null,
    });
    const blank = { ...EMPTY_CE_APPROVAL_ROW, body: 'NBCC', hours: 50, statement: '  ' };
    const out = TrainingFormSchema.parse({ ...values, programType: '', eligibility: ' ', ceApprovals: [blank] });
    expect(out.programType).toBeNull();
    expect(out.eligibility).toBeNull();
    expect(out.ceApprovals).toEqual([
      { body: 'NBCC', boardName: null, providerNumber: null, hours: 50, statement: null },
    ]);
  });

  test('number inputs give numbers, and empty ones null', () => {
    expect(optionalNumber('12')).toBe(12);
    expect(optionalNumber('49.75')).toBe(49.75);
    expect(optionalNumber('')).toBeNull();
    expect(optionalNumber('  ')).toBeNull();
    expect(optionalNumber(undefined)).toBeNull();
    expect(optionalNumber(7)).toBe(7);
    expect(
      TrainingFormSchema.parse({ ...toTrainingForm(stored), completionWindowMonths: optionalNumber('') }),
    ).toMatchObject({ completionWindowMonths: null });
  });

  test("a row's and the consultation's messages are on their own fields", () => {
    const values = toTrainingForm({ ...stored, ...facts });
    const rows = [...values.ceApprovals, { ...EMPTY_CE_APPROVAL_ROW }];
    const result = TrainingFormSchema.safeParse({
      ...values,
      ceApprovals: rows,
      consultation: { stated: true, hours: 4, included: false, costMin: 900, costMax: null },
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i): [string, string] => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['ceApprovals.2.body', PROGRAM_MESSAGES.body],
        ['ceApprovals.2.hours', PROGRAM_MESSAGES.hours],
        ['consultation.costMax', PROGRAM_MESSAGES.consultationCost],
      ]),
    );
    expect(issues.some(([path]) => /^ceApprovals\.[01]\./.test(path))).toBe(false);
    const noHours = { stated: true, hours: null, included: true, costMin: null, costMax: null };
    const hours = TrainingFormSchema.safeParse({ ...values, consultation: noHours }).error!.issues;
    expect(hours.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['consultation.hours', PROGRAM_MESSAGES.consultationHours],
    ]);
  });
});
