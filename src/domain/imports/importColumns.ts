import { MAX_PARTS } from '../parts/trainingParts';

/**
 * The import file's columns (docs/product.md, Import): the product's own names, one row per training.
 * Parts and CE approvals are numbered groups ("Part 1 start", "CE 2 hours"). Each column names the
 * field of the training form it fills, so a refused cell is reported with its column and the form's
 * message. A listing kind other than trainings brings a table of its own (ADR 0047).
 */
export interface Column {
  header: string;
  field: string;
  kind: 'text' | 'number' | 'boolean' | 'date';
  /** What the template's second line says about the column. */
  hint: string;
}

export const TRAINING_COLUMNS: readonly Column[] = [
  { header: 'UID', field: 'uid', kind: 'text', hint: 'your own id for the row (optional; keeps a row matched)' },
  { header: 'Trainer', field: 'trainerId', kind: 'text', hint: 'the trainer profile’s name' },
  { header: 'Title', field: 'title', kind: 'text', hint: 'EMDR Basic Training' },
  { header: 'Description', field: 'description', kind: 'text', hint: 'what the training covers' },
  { header: 'Price', field: 'price', kind: 'number', hint: 'whole dollars' },
  { header: 'Start', field: 'startDate', kind: 'date', hint: '2027-03-06 09:00 (the training’s own clock)' },
  { header: 'End', field: 'endDate', kind: 'date', hint: '2027-03-07 17:00' },
  { header: 'Format', field: 'format', kind: 'text', hint: 'In-Person, Virtual or Hybrid' },
  { header: 'Location', field: 'location', kind: 'text', hint: 'Austin, TX or Zoom' },
  { header: 'Venue', field: 'venue', kind: 'text', hint: 'optional' },
  { header: 'State', field: 'state', kind: 'text', hint: 'two letters, e.g. TX' },
  { header: 'Time zone', field: 'timeZone', kind: 'text', hint: 'e.g. America/Chicago; empty is the state’s' },
  { header: 'Register link', field: 'thinkificUrl', kind: 'text', hint: 'https://…' },
  { header: 'EMDRIA approved', field: 'isEMDRIACertified', kind: 'boolean', hint: 'yes or no' },
  { header: 'CE credits', field: 'ceCredits', kind: 'number', hint: 'whole number' },
  { header: 'Program type', field: 'programType', kind: 'text', hint: 'basic, advanced or other' },
  { header: 'Language', field: 'language', kind: 'text', hint: 'en, es …' },
  { header: 'Refund policy', field: 'refundPolicy', kind: 'text', hint: 'optional' },
  { header: 'Completion window (months)', field: 'completionWindowMonths', kind: 'number', hint: '1 to 36' },
  { header: 'Consultation hours', field: 'consultation.hours', kind: 'number', hint: 'e.g. 10' },
  { header: 'Consultation included', field: 'consultation.included', kind: 'boolean', hint: 'yes or no' },
  { header: 'Consultation cost from', field: 'consultation.costMin', kind: 'number', hint: 'whole dollars' },
  { header: 'Consultation cost to', field: 'consultation.costMax', kind: 'number', hint: 'whole dollars' },
];

/** A numbered group's columns: "Part 2 start" fills `parts.1.startDate`. */
interface GroupColumn {
  suffix: string;
  field: string;
  kind: Column['kind'];
}

const PART_GROUP: readonly GroupColumn[] = [
  { suffix: 'label', field: 'label', kind: 'text' },
  { suffix: 'start', field: 'startDate', kind: 'date' },
  { suffix: 'end', field: 'endDate', kind: 'date' },
  { suffix: 'format', field: 'format', kind: 'text' },
  { suffix: 'location', field: 'location', kind: 'text' },
];

const CE_GROUP: readonly GroupColumn[] = [
  { suffix: 'body', field: 'body', kind: 'text' },
  { suffix: 'board', field: 'boardName', kind: 'text' },
  { suffix: 'provider number', field: 'providerNumber', kind: 'text' },
  { suffix: 'hours', field: 'hours', kind: 'number' },
];

export const MAX_CE_GROUPS = 20;
/** How many numbered groups the template shows (a file may carry more, up to the form's limits). */
const TEMPLATE_GROUPS = 3;

function groupColumns(prefix: string, list: string, group: readonly GroupColumn[], count: number): Column[] {
  return Array.from({ length: count }, (_, i) =>
    group.map((g) => ({
      header: `${prefix} ${i + 1} ${g.suffix}`,
      field: `${list}.${i}.${g.field}`,
      kind: g.kind,
      hint: '',
    })),
  ).flat();
}

/** Every column a file may carry, the numbered ones up to the form's limits. */
export const ALL_COLUMNS: readonly Column[] = [
  ...TRAINING_COLUMNS,
  ...groupColumns('Part', 'parts', PART_GROUP, MAX_PARTS),
  ...groupColumns('CE', 'ceApprovals', CE_GROUP, MAX_CE_GROUPS),
];

/** The template's columns: the plain ones and three of each numbered group. */
export const TEMPLATE_COLUMNS: readonly Column[] = [
  ...TRAINING_COLUMNS,
  ...groupColumns('Part', 'parts', PART_GROUP, TEMPLATE_GROUPS),
  ...groupColumns('CE', 'ceApprovals', CE_GROUP, TEMPLATE_GROUPS),
];

const normalHeader = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
const BY_HEADER = new Map(ALL_COLUMNS.map((c) => [normalHeader(c.header), c]));
const BY_FIELD = new Map(ALL_COLUMNS.map((c) => [c.field, c]));

export const columnOfHeader = (header: string): Column | undefined => BY_HEADER.get(normalHeader(header));

/** The column a form field's error path names (`parts.1.endDate` → "Part 2 end"), or the field itself. */
export function columnOfPath(path: string): string {
  const exact = BY_FIELD.get(path);
  if (exact) return exact.header;
  // An error on a whole group or list (`parts`, `ceApprovals.0`) names its first column.
  const near = ALL_COLUMNS.find((c) => c.field.startsWith(`${path}.`));
  return near?.header ?? path;
}
