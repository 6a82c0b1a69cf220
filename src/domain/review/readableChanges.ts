import { TRAINING_FIELD_LABELS, TRAINING_FIELD_ORDER } from '../trainingFieldLabels';
import { formatPrice } from '../display';
import { timeZoneLabel } from '../time/timeZones';
import { AVAILABILITIES } from '../parts/availability';
import { LICENSES, PREREQUISITES } from '../trainingFacts/eligibility';
import {
  consultationText,
  languageName,
  programTypeLabel,
  type CeApproval,
  type Consultation,
} from '../trainingFacts/programFacts';
import { approvalLine } from '../trainingFacts/ceApprovalText';
import { sameValue } from './reviewSplit';

/**
 * A training submission as a person reads it (docs/product.md, Review queue): only the changed fields,
 * in the form's order and with its labels, dates on the training's own clock with its zone, the
 * trainer by name, lists as lists, yes/no in words, long text with its changes marked word by word.
 */
export type Shown = { kind: 'text'; text: string } | { kind: 'list'; items: string[] };
export interface WordPart {
  text: string;
  op: 'same' | 'added' | 'removed';
}
export interface ReadableChange {
  field: string;
  label: string;
  before: Shown | null;
  after: Shown;
  /** Long text: the words removed and added, in place. */
  diff?: WordPart[];
}

export interface ReadContext {
  trainerName(id: string): string | null;
  /** The training's own zone (the proposed one, else the live one). */
  timeZone: string;
}

const LONG_TEXT = new Set(['description', 'refundPolicy', 'schedule', 'eligibility', 'accessibility']);
const NONE = '—';
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A date and time on the training's clock, its zone named ("Sep 11, 2027, 9:00 AM PDT"). */
export function zonedDateTime(value: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(value));
}

/** A plain value as text; an object the form has no words for shows as "—", never as JSON. */
const asText = (v: unknown, empty = NONE): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : empty;
const yesNo = (v: unknown) => (v === true ? 'Yes' : v === false ? 'No' : NONE);
const labelOf = (list: readonly { value: string; label: string }[], v: unknown) =>
  list.find((x) => x.value === v)?.label ?? String(v);

interface PartValue {
  label?: string | null;
  startDate: string | Date;
  endDate: string | Date;
  timeZone?: string | null;
  format?: string | null;
  location?: string | null;
  venue?: string | null;
}

/** One value in words. Never JSON, never a key: what the form would show. */
export function showValue(field: string, value: unknown, ctx: ReadContext): Shown {
  const text = (t: string): Shown => ({ kind: 'text', text: t });
  if (isEmpty(value)) return text(NONE);
  switch (field) {
    case 'trainerId':
      return text(ctx.trainerName(String(value)) ?? 'A removed trainer');
    case 'price':
      return text(formatPrice(Number(value)));
    case 'startDate':
    case 'endDate':
      return text(zonedDateTime(value as string, ctx.timeZone));
    case 'timeZone':
      return text(timeZoneLabel(String(value)));
    case 'availability':
      return text(labelOf(AVAILABILITIES, value));
    case 'programType':
      return text(programTypeLabel(String(value)) ?? String(value));
    case 'prerequisite':
      return text(labelOf(PREREQUISITES, value));
    case 'language':
      return text(languageName(String(value)) ?? String(value));
    case 'consultation':
      return text(consultationText(value as Consultation));
    case 'eligibleLicenses':
      return { kind: 'list', items: (value as string[]).map((v) => labelOf(LICENSES, v)) };
    case 'ceApprovals':
      return { kind: 'list', items: (value as CeApproval[]).map((a) => approvalLine(a)) };
    case 'parts':
      return {
        kind: 'list',
        items: (value as PartValue[]).map((p, i) => {
          const zone = p.timeZone || ctx.timeZone;
          const where = [p.format, p.location, p.venue].filter(Boolean).join(', ');
          return `${p.label || `Part ${i + 1}`}: ${zonedDateTime(p.startDate, zone)} to ${zonedDateTime(p.endDate, zone)}${where ? `, ${where}` : ''}`;
        }),
      };
    case 'students': {
      const s = value as { allowed?: boolean; proof?: boolean };
      if (!s.allowed) return text('No');
      return text(s.proof ? 'Yes, with proof of enrolment' : 'Yes');
    }
  }
  if (typeof value === 'boolean') return text(yesNo(value));
  if (Array.isArray(value)) return { kind: 'list', items: value.map((v) => asText(v)) };
  return text(asText(value));
}

/** The words of `before` and `after`, each marked same, removed or added (longest common subsequence). */
export function wordDiff(before: string, after: string): WordPart[] {
  const a = before.split(/(\s+)/).filter((w) => w !== '');
  const b = after.split(/(\s+)/).filter((w) => w !== '');
  // Beyond a few million cells a text is shown as replaced whole: the page must stay quick.
  if (a.length * b.length > 4_000_000)
    return [
      { text: before, op: 'removed' },
      { text: after, op: 'added' },
    ];
  const dp: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      dp[i]![j] = a[i] === b[j] ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
  const parts: WordPart[] = [];
  const push = (text: string, op: WordPart['op']) => {
    const last = parts.at(-1);
    if (last && last.op === op) last.text += text;
    else parts.push({ text, op });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(a[i]!, 'same');
      i++;
      j++;
    } else if (dp[i + 1]![j]! >= dp[i]![j + 1]!) push(a[i++]!, 'removed');
    else push(b[j++]!, 'added');
  }
  while (i < a.length) push(a[i++]!, 'removed');
  while (j < b.length) push(b[j++]!, 'added');
  return parts;
}

/**
 * The changed fields, in the form's order. A new training (`before` null) shows what was filled in;
 * fields the form does not have (ids, times) are never shown.
 */
export function readableChanges(
  before: Readonly<Record<string, unknown>> | null,
  proposed: Readonly<Record<string, unknown>>,
  ctx: ReadContext,
): ReadableChange[] {
  return TRAINING_FIELD_ORDER.filter((field) => field in proposed)
    .filter((field) =>
      before === null ? !isEmpty(proposed[field]) : !sameValue(before[field] ?? null, proposed[field] ?? null),
    )
    .map((field) => {
      const after = showValue(field, proposed[field], ctx);
      const was = before === null ? null : showValue(field, before[field], ctx);
      const change: ReadableChange = { field, label: TRAINING_FIELD_LABELS[field], before: was, after };
      if (LONG_TEXT.has(field) && before !== null && typeof proposed[field] === 'string')
        change.diff = wordDiff(asText(before[field], ''), asText(proposed[field]));
      return change;
    });
}

/** What a reviewer must look at before approving (docs/product.md, Review queue: What to check). */
export function whatToCheck(
  live: Readonly<Record<string, unknown>> | null,
  proposed: Readonly<Record<string, unknown>>,
  knownHosts: ReadonlySet<string>,
): string[] {
  const seen = { ...live, ...proposed };
  const checks: string[] = [];
  if (!Array.isArray(seen.ceApprovals) || seen.ceApprovals.length === 0)
    checks.push('No CE approvals: the page will say no approving body for its CE credits.');
  if (seen.isEMDRIACertified !== true) checks.push('Not EMDRIA certified: the page will not show the EMDRIA badge.');
  for (const [field, name] of [
    ['thinkificUrl', 'Register link'],
    ['waitlistUrl', 'Waitlist link'],
  ] as const) {
    const url = proposed[field];
    if (typeof url !== 'string' || url === '' || (live && live[field] === url)) continue;
    const host = hostOf(url);
    if (host && !knownHosts.has(host)) checks.push(`${name} on a domain this trainer never used: ${host}`);
  }
  const [was, now] = [live?.price, proposed.price];
  if (typeof was === 'number' && typeof now === 'number' && was > 0 && Math.abs(now - was) / was > 0.2)
    checks.push(`Price change over 20 %: ${formatPrice(was)} to ${formatPrice(now)}.`);
  if (seen.programType === 'basic')
    checks.push(
      `Basic Training: check the full cost disclosure (consultation ${consultationText((seen.consultation ?? null) as Consultation | null)}).`,
    );
  return checks;
}

export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}
