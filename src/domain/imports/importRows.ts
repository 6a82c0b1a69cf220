import { parse } from 'csv-parse/sync';
import { columnOfHeader, columnOfPath, type Column } from './importColumns';

/**
 * A CSV file read into rows of form values (docs/product.md, Import): each row an object the training
 * form's schema parses, its cells kept as the text they are (a cell starting with `=` is a title, never
 * a formula: it is defused on the way out, domain/csv.ts). Limits: 2 MB and 500 rows.
 */
export const IMPORT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 500, timeoutMs: 10_000 } as const;

export const IMPORT_MESSAGES = {
  tooLarge: 'The file is larger than 2 MB: split it into smaller files',
  tooManyRows: 'The file has more than 500 rows: split it into smaller files',
  notCsv: 'The file could not be read as CSV',
  noColumns: 'The file has none of the template’s columns: start from the template',
  empty: 'The file has no rows',
  unknownTrainer: 'Trainer not found',
  yesNo: 'Enter yes or no',
} as const;

export interface ImportError {
  /** The row's number in the file (the header is row 1), or the event's UID for a calendar. */
  row: string;
  field: string;
  column: string;
  message: string;
}

export interface SourceRow {
  /** Where it is in its source: the file's row number, or the calendar event's UID. */
  row: string;
  uid: string | null;
  /** The form's values, as the training form sends them; the fields the source gave, and no others. */
  values: Record<string, unknown>;
  /** Cells refused before the schema saw them (a yes/no that is neither). */
  errors: ImportError[];
}

export class ImportFileError extends Error {}

const NUMBER = /^-?\d+(\.\d+)?$/;
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);
const WALL = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2})?)$/;

/** A cell as the form would send it; a number stays text when it is not one, so the form's message shows. */
function cellValue(column: Column, text: string): { value: unknown } | { error: string } {
  switch (column.kind) {
    case 'number':
      return { value: NUMBER.test(text) ? Number(text) : text };
    case 'boolean': {
      const word = text.toLowerCase();
      if (YES.has(word)) return { value: true };
      if (NO.has(word)) return { value: false };
      return { error: IMPORT_MESSAGES.yesNo };
    }
    case 'date': {
      // "2027-03-06 09:00" is the wall clock the form's pickers give; a date alone is the day's 09:00.
      const wall = WALL.exec(text);
      if (wall) return { value: `${wall[1]}T${wall[2]}` };
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { value: `${text}T09:00` };
      return { value: text };
    }
    default:
      return { value: text };
  }
}

/** `a.0.b` set in a nested object, lists made where the next key is a number. */
function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at: Record<string, unknown> = target;
  keys.slice(0, -1).forEach((key, i) => {
    const nextIsIndex = /^\d+$/.test(keys[i + 1]!);
    at[key] ??= nextIsIndex ? [] : {};
    at = at[key] as Record<string, unknown>;
  });
  at[keys.at(-1)!] = value;
}

/** Numbered groups left with holes (Part 1 and Part 3 filled) close up, in order. */
function compactLists(values: Record<string, unknown>): void {
  for (const key of ['parts', 'ceApprovals']) {
    if (Array.isArray(values[key])) values[key] = (values[key] as unknown[]).filter((v) => v !== undefined);
  }
}

export function readCsv(text: string): SourceRow[] {
  if (Buffer.byteLength(text, 'utf8') > IMPORT_LIMITS.maxBytes) throw new ImportFileError(IMPORT_MESSAGES.tooLarge);
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      // One more than the limit is enough to know the file is too long.
      to_line: IMPORT_LIMITS.maxRows + 3,
    });
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.notCsv);
  }
  const [header, ...rest] = records;
  if (!header) throw new ImportFileError(IMPORT_MESSAGES.empty);
  const columns = header.map(columnOfHeader);
  if (!columns.some(Boolean)) throw new ImportFileError(IMPORT_MESSAGES.noColumns);
  // The template's second line explains the columns: skipped when it is still there.
  const rows = rest.filter((r) => !(r[0] ?? '').startsWith('(your own id'));
  if (rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
  if (rows.length > IMPORT_LIMITS.maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
  return rows.map((cells, i) => {
    const row = String(rest.indexOf(cells) + 2 || i + 2);
    const values: Record<string, unknown> = {};
    const errors: ImportError[] = [];
    let uid: string | null = null;
    cells.forEach((text, c) => {
      const column = columns[c];
      if (!column || text === '') return;
      if (column.field === 'uid') {
        uid = text;
        return;
      }
      const cell = cellValue(column, text);
      if ('error' in cell) errors.push({ row, field: column.field, column: column.header, message: cell.error });
      else setPath(values, column.field, cell.value);
    });
    compactLists(values);
    return { row, uid, values, errors };
  });
}

/** A zod issue's path as a field name and the column that holds it. */
export function errorAt(row: string, path: readonly PropertyKey[], message: string): ImportError {
  const field = path.map(String).join('.');
  return { row, field, column: columnOfPath(field), message };
}
