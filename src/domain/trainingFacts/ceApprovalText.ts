import {
  DEFAULT_LANGUAGE,
  ceBodyOf,
  consultationText,
  dollarRange,
  dollars,
  languageName,
  namedBoard,
  programTypeLabel,
  totalCost,
  type CeApproval,
  type CeBody,
  type ProgramFacts,
} from './programFacts';

/**
 * The approving bodies' full names and the texts made with them, for the training page, the
 * calendar files and the admin form. Apart from programFacts.ts, which the public islands import:
 * the cards and filters show only the short names.
 */
export const CE_BODY_NAMES: Record<CeBody, string> = {
  APA: 'American Psychological Association',
  NBCC: 'National Board for Certified Counselors',
  ASWB: 'Association of Social Work Boards, Approved Continuing Education',
  NAADAC: 'NAADAC, the Association for Addiction Professionals',
  EMDRIA: 'EMDR International Association (EMDRIA credits)',
  STATE_BOARD: 'State licensing board',
  OTHER: 'Other approver',
};

export function ceBodyName(code: string): string | null {
  return CE_BODY_NAMES[code as CeBody] ?? null;
}

/** Who approves, in full: the body's name, or the board's own name for a state board or other approver. */
export function approverName(a: Pick<CeApproval, 'body' | 'boardName'>): string {
  return namedBoard(a) ?? ceBodyName(a.body) ?? a.body;
}

/** One approval as a line of text: "APA (American Psychological Association): 50 hours, provider #1234". */
export function approvalLine(a: Pick<CeApproval, 'body' | 'boardName' | 'providerNumber' | 'hours'>): string {
  const body = ceBodyOf(a.body);
  const who = a.boardName
    ? `${body?.short ?? a.body} — ${a.boardName}`
    : `${body?.short ?? a.body} (${ceBodyName(a.body) ?? a.body})`;
  const provider = a.providerNumber ? `, provider ${a.providerNumber}` : '';
  return `${who}: ${a.hours} CE hours${provider}`;
}

/**
 * Lines for a calendar DESCRIPTION or an e-mail, as plain text: the program type, the language when
 * it is not English, the CE approvals and the cost.
 */
export function factLines(t: ProgramFacts & { language?: string }): string[] {
  const lines: string[] = [];
  const type = programTypeLabel(t.programType);
  if (type) lines.push(`Program: ${type}`);
  if (t.language && t.language !== DEFAULT_LANGUAGE) lines.push(`Language: ${languageName(t.language) ?? t.language}`);
  lines.push(...t.ceApprovals.map((a) => `CE: ${approvalLine(a)}`));
  const total = totalCost(t);
  lines.push(`Tuition: ${dollars(t.price)}`);
  if (t.consultation) lines.push(`Consultation: ${consultationText(t.consultation)}`);
  lines.push(`Total cost: ${dollarRange(total.min, total.max)}${total.complete ? '' : ' (consultation not stated)'}`);
  if (t.completionWindowMonths) lines.push(`Completion window: ${t.completionWindowMonths} months`);
  return lines;
}
