import { csvLine } from '../csv';
import { TEMPLATE_COLUMNS } from './importColumns';

/**
 * The template a member downloads (docs/product.md, Import): the header, then a line explaining each
 * column (skipped when a file still has it). Written with the history CSV's module (domain/csv.ts),
 * so nothing in it is read as a formula.
 */
export function importTemplate(): string {
  const hints = TEMPLATE_COLUMNS.map((c, i) => (i === 0 ? `(${c.hint})` : c.hint));
  return csvLine(TEMPLATE_COLUMNS.map((c) => c.header)) + csvLine(hints);
}
