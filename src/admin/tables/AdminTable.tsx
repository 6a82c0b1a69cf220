import type { ReactNode } from 'react';
import type { SortOrder } from '../../domain/adminList';
import Button, { buttonClass } from '../../ui/Button';

export interface Column {
  label: string;
  /** Set for the columns the table sorts by. */
  sortKey?: string;
}

/**
 * The admin lists' states (docs/product.md): loading text, the error, the empty state with its call to
 * action (or "nothing matches" when searching), or the table. Sortable column headers are links
 * (they work before any script runs) and say how the table is sorted with aria-sort.
 */
export default function AdminTable<T extends { id: string }>(props: {
  rows: T[] | undefined;
  loading: boolean;
  error: Error | undefined;
  loadingText: string;
  emptyText: string;
  emptyAction: { href: string; label: string };
  /** When a search or filter is active, an empty page means "no match", not "no records". */
  filtered?: { text: string; clearHref: string } | null;
  columns: Column[];
  sort?: SortOrder;
  sortHref?(key: string): string;
  row(item: T): ReactNode;
  /** On a phone the table becomes a list of cards, each cell under its column's name (`data-label`). */
  cards?: boolean;
}) {
  const { rows, loading, error, filtered } = props;
  if (loading && !rows) return <p role="status">{props.loadingText}</p>;
  if (error) return <p role="alert">{error.message}</p>;
  if (!rows || rows.length === 0)
    return (
      <div className="rounded-lg bg-white p-10 text-center shadow">
        <p className="mb-4 text-lg">{filtered ? filtered.text : props.emptyText}</p>
        <a
          href={filtered ? filtered.clearHref : props.emptyAction.href}
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {filtered ? 'Clear search and filters' : props.emptyAction.label}
        </a>
      </div>
    );
  return (
    <div className={`rounded-lg bg-white shadow ${props.cards ? 'card-table md:overflow-x-auto' : 'overflow-x-auto'}`}>
      <table className="w-full text-left">
        <thead className="border-b border-slate-200 bg-slate-100 text-sm">
          <tr>
            {props.columns.map((column) => (
              <HeaderCell key={column.label} column={column} sort={props.sort} sortHref={props.sortHref} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((item) => (
            <tr key={item.id} className="border-b border-slate-100">
              {props.row(item)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HeaderCell(props: { column: Column; sort?: SortOrder; sortHref?(key: string): string }) {
  const { column, sort, sortHref } = props;
  if (!column.sortKey || !sortHref)
    return (
      <th scope="col" className="whitespace-nowrap px-3 py-3">
        {column.label}
      </th>
    );
  const active = sort?.key === column.sortKey;
  const direction = active ? (sort.descending ? 'descending' : 'ascending') : 'none';
  return (
    <th scope="col" aria-sort={direction} className="whitespace-nowrap px-3 py-3">
      <a href={sortHref(column.sortKey)} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
        {column.label}
        <span aria-hidden="true" className={active ? '' : 'text-slate-400'}>
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
        </span>
      </a>
    </th>
  );
}

/**
 * The row's actions, wrapping within their column so that none is cut off at 1280 px; Edit and Delete
 * named after the row's item.
 */
export function RowActions(props: { editHref: string; name: string; onDelete(): void; children?: ReactNode }) {
  return (
    <td data-label="Actions" className="px-3 py-3">
      <div className="flex max-w-52 flex-wrap gap-2">
        {props.children}
        <a href={props.editHref} className={rowActionClass} aria-label={`Edit ${props.name}`}>
          Edit
        </a>
        <Button
          variant="danger"
          size="sm"
          className="whitespace-nowrap"
          onClick={props.onDelete}
          aria-label={`Delete ${props.name}`}
        >
          Delete
        </Button>
      </div>
    </td>
  );
}

/** A link in a table row's actions, drawn as a small button. */
export const rowActionClass = buttonClass('secondary', 'sm', 'whitespace-nowrap');
