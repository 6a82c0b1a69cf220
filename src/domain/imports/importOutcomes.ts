import type { ImportError } from './importRows';
import { TRAINING_COLUMNS } from './importColumns';

/**
 * What an import's preview says of each row (docs/product.md, Import), and the words every screen
 * uses for it: one list of labels.
 */
export type ImportOutcome = 'new' | 'changed' | 'unchanged' | 'duplicate' | 'invalid' | 'left';

export const OUTCOME_LABELS: Record<ImportOutcome, string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  duplicate: 'Possible duplicate',
  invalid: 'Invalid',
  left: 'No longer in your calendar',
};

export const KEPT_LABEL = 'kept: changed here';

export type ImportCounts = Record<ImportOutcome, number>;

export interface ListingLink {
  id: string;
  title: string;
  href: string;
  by?: 'uid' | 'register-link' | 'title-and-day';
}

export interface FieldChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

export interface ImportItem {
  row: string;
  uid: string | null;
  title: string;
  outcome: ImportOutcome;
  errors?: ImportError[];
  /** The form's values the row gives, the fields it states and their compared text (kept for Apply). */
  values?: Record<string, unknown>;
  fields?: string[];
  sourceTexts?: Record<string, string>;
  listing?: ListingLink;
  duplicateOf?: ListingLink;
  changes?: FieldChange[];
  kept?: FieldChange[];
}

/** A form field's label, as the template's columns name it ("thinkificUrl" is "Register link"). */
export const FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(TRAINING_COLUMNS.map((c) => [c.field, c.header])),
  parts: 'Parts',
  ceApprovals: 'CE approvals',
  consultation: 'Consultation',
};
