import { licenseLabels, statesEligibility, type Eligibility, type Prerequisite } from './eligibility';

/**
 * The sentences a training's page, its Register checklist and its JSON-LD say about who may attend
 * (docs/product.md, Program facts, Who can attend), from the labels in eligibility.ts.
 * Pages only: no island imports this.
 */
const PREREQUISITE_PHRASES: Record<Exclude<Prerequisite, 'other'>, string> = {
  none: 'no previous EMDR training',
  emdr_basic: 'a completed EMDR Basic Training',
  emdria_certified: 'EMDRIA certification',
};

/** What the training requires first, as a phrase ("a completed EMDR Basic Training"), or null when not stated. */
export function prerequisitePhrase(t: Partial<Pick<Eligibility, 'prerequisite' | 'prerequisiteText'>>): string | null {
  if (!t.prerequisite) return null;
  if (t.prerequisite === 'other') return t.prerequisiteText ?? null;
  return PREREQUISITE_PHRASES[t.prerequisite];
}

function studentsLine(students: NonNullable<Eligibility['students']>): string {
  if (!students.allowed) return 'Graduate students: no';
  return students.proof
    ? `Graduate students: yes, with proof of enrolment (${students.proof})`
    : 'Graduate students: yes';
}

/**
 * The page's "Who can attend" lines, in order: the license types, pre-licensed clinicians, graduate
 * students, the prerequisite and the restriction; only what the training states.
 */
export function whoCanAttendLines(t: Partial<Eligibility>): string[] {
  const lines: string[] = [];
  const licenses = licenseLabels(t);
  if (licenses.length > 0) lines.push(`License types: ${licenses.join(', ')}`);
  if (t.preLicensed != null) lines.push(`Pre-licensed clinicians under supervision: ${t.preLicensed ? 'yes' : 'no'}`);
  if (t.students) lines.push(studentsLine(t.students));
  const requires = prerequisitePhrase(t);
  if (requires) lines.push(`Requires ${requires}`);
  if (t.restrictedTo) lines.push(`Restricted to ${t.restrictedTo}`);
  return lines;
}

export interface RegisterChecklist {
  /** "This training is for: …", or null when it names no one. */
  forWhom: string | null;
  /** "It requires: …", or null when it states no prerequisite. */
  requires: string | null;
}

/**
 * The checklist the Register button shows first when a training states its eligibility; null when
 * it states none (the button is then a plain link, as before).
 */
export function registerChecklist(t: Partial<Eligibility>): RegisterChecklist | null {
  if (!statesEligibility(t)) return null;
  const who: string[] = licenseLabels(t);
  if (t.preLicensed) who.push('pre-licensed clinicians under supervision');
  if (t.students?.allowed)
    who.push(
      `graduate students in a program leading to licensure${t.students.proof ? ', with proof of enrolment' : ''}`,
    );
  const restricted = t.restrictedTo ? (who.length > 0 ? `; restricted to ${t.restrictedTo}` : t.restrictedTo) : '';
  const forWhom = who.length > 0 || restricted ? `This training is for: ${who.join(', ')}${restricted}` : null;
  const phrase = prerequisitePhrase(t);
  const requires = phrase ? `It requires: ${phrase}` : null;
  // "Pre-licensed clinicians: no" alone names no one and requires nothing: no checklist.
  return forWhom || requires ? { forWhom, requires } : null;
}

/** The JSON-LD description's sentence on the prerequisite: EducationEvent has no coursePrerequisites. */
export function prerequisiteSentence(
  t: Partial<Pick<Eligibility, 'prerequisite' | 'prerequisiteText'>>,
): string | null {
  const phrase = prerequisitePhrase(t);
  if (!phrase || t.prerequisite === 'none') return null;
  return `Requires ${phrase.replace(/[.!?]+$/, '')}.`;
}

/** The JSON-LD audience's educationalRole: the license types, then pre-licensed clinicians and students taken. */
export function educationalRoles(t: Partial<Eligibility>): string[] {
  const roles = licenseLabels(t);
  if (t.preLicensed) roles.push('Pre-licensed clinicians under supervision');
  if (t.students?.allowed) roles.push('Graduate students in a program leading to licensure');
  return roles;
}
