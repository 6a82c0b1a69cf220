import type { ReactNode } from 'react';

/**
 * The admin lists' states (SPEC §2): loading text, the error, the empty state with its call to
 * action, or the table with its column headers and one row per item.
 */
export default function AdminTable<T extends { id: string }>(props: {
  rows: T[] | undefined;
  loading: boolean;
  error: Error | undefined;
  loadingText: string;
  emptyText: string;
  emptyAction: { href: string; label: string };
  columns: string[];
  row(item: T): ReactNode;
}) {
  const { rows, loading, error } = props;
  if (loading && !rows) return <p>{props.loadingText}</p>;
  if (error) return <p role="alert">{error.message}</p>;
  if (!rows || rows.length === 0)
    return (
      <div className="rounded-lg bg-white p-10 text-center shadow">
        <p className="mb-4 text-lg">{props.emptyText}</p>
        <a
          href={props.emptyAction.href}
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {props.emptyAction.label}
        </a>
      </div>
    );
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow">
      <table className="w-full text-left">
        <thead className="border-b border-slate-200 bg-slate-100 text-sm">
          <tr>
            {props.columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
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

/** Edit and Delete, named after the row's item for screen readers. */
export function RowActions(props: { editHref: string; name: string; onDelete(): void; children?: ReactNode }) {
  return (
    <td className="flex flex-wrap gap-2 px-4 py-3">
      {props.children}
      <a
        href={props.editHref}
        className="rounded border border-slate-400 px-3 py-1 hover:bg-slate-100"
        aria-label={`Edit ${props.name}`}
      >
        Edit
      </a>
      <button
        type="button"
        onClick={props.onDelete}
        className="rounded border border-red-700 px-3 py-1 text-red-800 hover:bg-red-50"
        aria-label={`Delete ${props.name}`}
      >
        Delete
      </button>
    </td>
  );
}
