import { describe, expect, test } from 'vitest';
import {
  NO_PROGRAM_FACTS,
  approverShort,
  approvingBodyNames,
  bodiesText,
  approvingBodies,
  ceHoursText,
  ceSummary,
  completionWindowText,
  consultationText,
  dollarRange,
  isFullCostDisclosed,
  languageName,
  programTypeLabel,
  shownLanguage,
  statesProgramFacts,
  totalCost,
  totalCostText,
  type CeApproval,
  type ProgramFacts,
} from './programFacts';
import { approverName, factLines } from './ceApprovalText';

const approval = (body: CeApproval['body'], hours: number, extra: Partial<CeApproval> = {}): CeApproval => ({
  body,
  boardName: null,
  providerNumber: null,
  hours,
  statement: null,
  ...extra,
});

const notIncluded = { hours: 10, included: false, costMin: 600, costMax: 900 };

const basic: ProgramFacts = {
  price: 1250,
  programType: 'basic',
  ceApprovals: [approval('NBCC', 50, { providerNumber: '6759' }), approval('APA', 50)],
  consultation: notIncluded,
  completionWindowMonths: 18,
  refundPolicy: 'Full refund until 30 days before.',
};

describe('the approving bodies', () => {
  test('are named once each, in the list order, by their short names', () => {
    const approvals = [approval('ASWB', 20), approval('APA', 50), approval('STATE_BOARD', 5, { boardName: 'CA BBS' })];
    expect(approvingBodies([...approvals, approval('APA', 1)])).toEqual(['APA', 'ASWB', 'STATE_BOARD']);
    expect(approvingBodyNames(approvals)).toEqual(['APA', 'ASWB ACE', 'State board']);
    expect(bodiesText(approvingBodies(approvals))).toBe('APA · ASWB ACE · State board');
  });

  test('a state board or other approver is named by its board; the others by the body', () => {
    const board = approval('STATE_BOARD', 6, { boardName: 'California Board of Behavioral Sciences' });
    expect(approverName(board)).toBe('California Board of Behavioral Sciences');
    expect(approverShort(board)).toBe('California Board of Behavioral Sciences');
    expect(approverName(approval('NBCC', 1))).toBe('National Board for Certified Counselors');
    expect(approverShort(approval('ASWB', 1))).toBe('ASWB ACE');
  });

  test('hours per body read "APA 50 · NBCC 50" on the side card and "APA 50 hours" in a sentence', () => {
    const approvals = [approval('APA', 50), approval('NBCC', 12.5)];
    expect(ceHoursText(approvals)).toBe('APA 50 · NBCC 12.5');
    expect(ceSummary(approvals)).toBe('APA 50 hours, NBCC 12.5 hours');
    expect(ceSummary([approval('EMDRIA', 1)])).toBe('EMDRIA 1 hour');
  });
});

describe('the cost', () => {
  test('is the tuition plus a consultation not included, and the tuition when it is included', () => {
    expect(totalCost(basic)).toEqual({ min: 1850, max: 2150, complete: true });
    expect(totalCost({ price: 1250, consultation: { ...notIncluded, included: true } })).toEqual({
      min: 1250,
      max: 1250,
      complete: true,
    });
    expect(totalCost({ price: 1250, consultation: null })).toEqual({ min: 1250, max: 1250, complete: false });
  });

  test('reads as a range, or "at least" while the consultation is not stated', () => {
    expect(dollarRange(1850, 2150)).toBe('$1,850–$2,150');
    expect(dollarRange(900, 900)).toBe('$900');
    expect(totalCostText(totalCost(basic))).toBe('$1,850–$2,150');
    expect(totalCostText(totalCost({ price: 1250, consultation: null }))).toBe('at least $1,250');
  });

  test('the consultation reads as included, its cost not included, or not stated', () => {
    expect(consultationText({ ...notIncluded, included: true })).toBe('10 hours included');
    expect(consultationText(notIncluded)).toBe('10 hours, about $600–$900, not included');
    expect(consultationText(null)).toBe('not stated');
  });

  test('is fully disclosed with the consultation, the completion window and a refund policy', () => {
    expect(isFullCostDisclosed(basic)).toBe(true);
    expect(isFullCostDisclosed({ ...basic, refundPolicy: '  ' })).toBe(false);
    expect(isFullCostDisclosed({ ...basic, consultation: null })).toBe(false);
    expect(isFullCostDisclosed({ ...basic, completionWindowMonths: null })).toBe(false);
    expect(completionWindowText(18)).toBe('Complete within 18 months');
    expect(completionWindowText(1)).toBe('Complete within 1 month');
  });
});

describe('the language and the program type', () => {
  test('are named in English', () => {
    expect(languageName('es')).toBe('Spanish');
    expect(languageName('zz-top')).toBeNull();
    expect(programTypeLabel('basic')).toBe('Basic Training');
    expect(programTypeLabel(null)).toBeNull();
  });

  test('a page names the language when it is not English, or when the training states its facts', () => {
    const none = { ...NO_PROGRAM_FACTS, price: 100, refundPolicy: null };
    expect(statesProgramFacts(none)).toBe(false);
    expect(shownLanguage(none)).toBeNull();
    expect(shownLanguage({ ...none, language: 'es' })).toBe('Spanish');
    expect(shownLanguage({ ...none, eligibility: 'Licensed clinicians.' })).toBe('English');
    expect(shownLanguage({ ...none, ceApprovals: [approval('APA', 5)] })).toBe('English');
  });
});

describe('the fact lines of a calendar event', () => {
  test('name the program, each approval and the whole cost', () => {
    expect(factLines({ ...basic, language: 'es' })).toEqual([
      'Program: Basic Training',
      'Language: Spanish',
      'CE: NBCC (National Board for Certified Counselors): 50 CE hours, provider 6759',
      'CE: APA (American Psychological Association): 50 CE hours',
      'Tuition: $1,250',
      'Consultation: 10 hours, about $600–$900, not included',
      'Total cost: $1,850–$2,150',
      'Completion window: 18 months',
    ]);
  });

  test('a training that states no facts has only its tuition and a total that may be higher', () => {
    expect(factLines({ ...NO_PROGRAM_FACTS, price: 900, refundPolicy: null })).toEqual([
      'Tuition: $900',
      'Total cost: $900 (consultation not stated)',
    ]);
  });

  test('a state board is named by its board', () => {
    const lines = factLines({
      ...basic,
      ceApprovals: [approval('STATE_BOARD', 6, { boardName: 'Texas BHEC', providerNumber: 'X-1' })],
    });
    expect(lines).toContain('CE: State board — Texas BHEC: 6 CE hours, provider X-1');
  });
});
