import { formatPrice } from '../display';

/**
 * What a clinician decides on besides dates and place (docs/product.md, Program facts): the bodies
 * that approve the CE hours, the program type, the language, and the full cost with consultation.
 * Zod-free: the public islands (cards, filters) import it; the schemas are in programFields.ts.
 */

/** Approving bodies, in the order pages list them. `short` is what a card shows; full names: ceApprovalText.ts. */
export const CE_BODIES = [
  { code: 'APA', short: 'APA' },
  { code: 'NBCC', short: 'NBCC' },
  { code: 'ASWB', short: 'ASWB ACE' },
  { code: 'NAADAC', short: 'NAADAC' },
  { code: 'EMDRIA', short: 'EMDRIA' },
  { code: 'STATE_BOARD', short: 'State board' },
  { code: 'OTHER', short: 'Other' },
] as const;
export type CeBody = (typeof CE_BODIES)[number]['code'];
export const CE_BODY_CODES = CE_BODIES.map((b) => b.code) as [CeBody, ...CeBody[]];
/** Bodies named by their board: each may appear once per board name. */
export const NAMED_BODIES: readonly CeBody[] = ['STATE_BOARD', 'OTHER'];

export function ceBodyOf(code: string) {
  return CE_BODIES.find((b) => b.code === code);
}

export const PROGRAM_TYPES = [
  { value: 'basic', label: 'Basic Training' },
  { value: 'advanced', label: 'Advanced Training' },
  { value: 'other', label: 'Other program' },
] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number]['value'];

export function isProgramType(value: string): value is ProgramType {
  return PROGRAM_TYPES.some((t) => t.value === value);
}

export function programTypeLabel(value: string | null | undefined): string | null {
  return PROGRAM_TYPES.find((t) => t.value === value)?.label ?? null;
}

export const DEFAULT_LANGUAGE = 'en';
/** The languages the forms offer; the API takes any primary language tag the platform can name. */
export const COMMON_LANGUAGES = ['en', 'es', 'fr', 'pt', 'zh', 'ko', 'vi', 'ar', 'de', 'he', 'ja', 'ru'] as const;

let names: Intl.DisplayNames | null = null;
/** The English name of a BCP 47 primary language tag ("es" → "Spanish"), or null when unknown. */
export function languageName(tag: string): string | null {
  if (!/^[a-z]{2,3}$/.test(tag)) return null;
  names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  try {
    return names.of(tag) ?? null;
  } catch {
    return null;
  }
}

export interface CeApproval {
  body: CeBody;
  boardName: string | null;
  providerNumber: string | null;
  hours: number;
  statement: string | null;
}

export interface Consultation {
  hours: number;
  included: boolean;
  costMin: number | null;
  costMax: number | null;
}

/** The stored facts a training carries (all optional: a training without them works as before). */
export interface ProgramFacts {
  price: number;
  programType: ProgramType | null;
  ceApprovals: readonly CeApproval[];
  consultation: Consultation | null;
  completionWindowMonths: number | null;
  refundPolicy: string | null;
}

export interface TotalCost {
  min: number;
  max: number;
  /** False when the consultation is not stated: the total may be higher. */
  complete: boolean;
}

/** Tuition plus consultation: nothing when included, its range when not (docs/product.md). */
export function totalCost(t: Pick<ProgramFacts, 'price' | 'consultation'>): TotalCost {
  const c = t.consultation;
  if (!c) return { min: t.price, max: t.price, complete: false };
  if (c.included) return { min: t.price, max: t.price, complete: true };
  return { min: t.price + (c.costMin ?? 0), max: t.price + (c.costMax ?? c.costMin ?? 0), complete: true };
}

/** The facts the disclosure rule asks for, by field; empty when the full cost is disclosed. */
export function undisclosed(
  t: Pick<ProgramFacts, 'consultation' | 'completionWindowMonths' | 'refundPolicy'>,
): ('consultation' | 'completionWindowMonths' | 'refundPolicy')[] {
  const missing: ('consultation' | 'completionWindowMonths' | 'refundPolicy')[] = [];
  if (!t.consultation) missing.push('consultation');
  if (t.completionWindowMonths == null) missing.push('completionWindowMonths');
  if (!t.refundPolicy?.trim()) missing.push('refundPolicy');
  return missing;
}

export function isFullCostDisclosed(
  t: Pick<ProgramFacts, 'consultation' | 'completionWindowMonths' | 'refundPolicy'>,
): boolean {
  return undisclosed(t).length === 0;
}

/** The bodies approving a training, once each, in CE_BODIES order. */
export function approvingBodies(approvals: readonly Pick<CeApproval, 'body'>[]): CeBody[] {
  return CE_BODY_CODES.filter((code) => approvals.some((a) => a.body === code));
}

/** "APA · NBCC · ASWB ACE" */
export function bodiesText(bodies: readonly string[]): string {
  return bodies.map((code) => ceBodyOf(code)?.short ?? code).join(' · ');
}

/** The bodies' short names, once each, in CE_BODIES order: what a card shows ("APA", "ASWB ACE"). */
export function approvingBodyNames(approvals: readonly Pick<CeApproval, 'body'>[]): string[] {
  return approvingBodies(approvals).map((code) => ceBodyOf(code)?.short ?? code);
}

export const namedBoard = (a: Pick<CeApproval, 'body' | 'boardName'>) =>
  a.boardName && NAMED_BODIES.includes(a.body) ? a.boardName : null;

/** Who approves, in short: "APA", "ASWB ACE", or the board's own name for a state board or other approver. */
export function approverShort(a: Pick<CeApproval, 'body' | 'boardName'>): string {
  return namedBoard(a) ?? ceBodyOf(a.body)?.short ?? a.body;
}

/** Hours per approver, the side card's CE line: "APA 50 · NBCC 50". */
export function ceHoursText(approvals: readonly Pick<CeApproval, 'body' | 'boardName' | 'hours'>[]): string {
  return approvals.map((a) => `${approverShort(a)} ${a.hours}`).join(' · ');
}

/** Hours per approver as a phrase: "APA 50 hours, NBCC 50 hours". */
export function ceSummary(approvals: readonly Pick<CeApproval, 'body' | 'boardName' | 'hours'>[]): string {
  return approvals.map((a) => `${approverShort(a)} ${hoursText(a.hours)}`).join(', ');
}

// One formatter for every amount: toLocaleString builds a new one per call, and a feed of 5,000
// trainings formats some 20,000 amounts at every publish.
export const dollars = formatPrice;

export function dollarRange(min: number, max: number): string {
  return min === max ? dollars(min) : `${dollars(min)}–${dollars(max)}`;
}

/** "1 hour", "12.5 hours". */
export const hoursText = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;

/** "10 hours included", "10 hours, about $600–$900, not included", "not stated". */
export function consultationText(c: Consultation | null): string {
  if (!c) return 'not stated';
  if (c.included) return `${hoursText(c.hours)} included`;
  const cost = c.costMin !== null ? `, about ${dollarRange(c.costMin, c.costMax ?? c.costMin)}` : '';
  return `${hoursText(c.hours)}${cost}, not included`;
}

/** "Complete within 18 months". */
export function completionWindowText(months: number): string {
  return `Complete within ${months} month${months === 1 ? '' : 's'}`;
}

/** The total as text: "$1,850–$2,150", or "at least $1,250" while the consultation is not stated. */
export function totalCostText(total: TotalCost): string {
  return total.complete ? dollarRange(total.min, total.max) : `at least ${dollars(total.min)}`;
}

/**
 * Whether a training states any program fact besides its price: a training saved before the facts
 * existed states none, and its language is the default rather than a statement.
 */
export function statesProgramFacts(
  t: Pick<ProgramFacts, 'programType' | 'ceApprovals' | 'consultation' | 'completionWindowMonths'> & {
    eligibility?: string | null;
    accessibility?: string | null;
  },
): boolean {
  return (
    t.programType != null ||
    t.ceApprovals.length > 0 ||
    t.consultation != null ||
    t.completionWindowMonths != null ||
    !!t.eligibility?.trim() ||
    !!t.accessibility?.trim()
  );
}

/**
 * The language's English name when a page should name it, else null: always when it is not English
 * (a clinician assumes English), and for an English training that states its other facts.
 */
export function shownLanguage(t: Parameters<typeof statesProgramFacts>[0] & { language: string }): string | null {
  if (t.language === DEFAULT_LANGUAGE && !statesProgramFacts(t)) return null;
  return languageName(t.language) ?? t.language;
}

/** A training that states none of the facts (what every training was before they existed). */
export const NO_PROGRAM_FACTS = {
  programType: null,
  ceApprovals: [],
  consultation: null,
  completionWindowMonths: null,
  language: DEFAULT_LANGUAGE,
  eligibility: null,
  accessibility: null,
} as const satisfies Omit<ProgramFacts, 'price' | 'refundPolicy'> & {
  language: string;
  eligibility: null;
  accessibility: null;
};
