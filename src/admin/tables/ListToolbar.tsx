import type { ReactNode } from 'react';
import { inputClass } from '../../ui/Field';
import Button from '../../ui/Button';

/**
 * Search and filters of an admin table: a plain GET form, so it works before the island has loaded
 * and leaves the search in the URL (links share, Back returns). Once loaded, choosing a filter
 * applies it at once.
 */
export function ListToolbar(props: {
  action: string;
  searchLabel: string;
  search: string;
  sort?: string;
  children?: ReactNode;
  clearHref: string | null;
}) {
  return (
    <form method="get" action={props.action} role="search" className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor="list-search" className="text-sm font-medium text-slate-800">
          {props.searchLabel}
        </label>
        <input id="list-search" type="search" name="search" defaultValue={props.search} className={inputClass} />
      </div>
      {props.children}
      {props.sort && <input type="hidden" name="sort" value={props.sort} />}
      <Button type="submit">Search</Button>
      {props.clearHref && (
        <a href={props.clearHref} className="px-2 py-2 text-brand-800 underline">
          Clear
        </a>
      )}
    </form>
  );
}

/** A filter of the toolbar; '' is "all". */
export function FilterSelect(props: {
  name: string;
  label: string;
  value: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = `list-filter-${props.name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value}
        className={inputClass}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        <option value="">{props.allLabel}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous / next page links and where this page is; plain links, so Back walks the pages. */
export function Pagination(props: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  href(page: number): string;
}) {
  const { page, pages, total, noun } = props;
  const link = 'rounded border border-slate-400 px-3 py-1 hover:bg-slate-100';
  const off = 'rounded border border-slate-200 px-3 py-1 text-slate-500';
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700">
        Page {page} of {pages} ({total.toLocaleString('en-US')} {noun})
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <a href={props.href(page - 1)} rel="prev" className={link}>
            Previous
          </a>
        ) : (
          <span aria-disabled="true" className={off}>
            Previous
          </span>
        )}
        {page < pages ? (
          <a href={props.href(page + 1)} rel="next" className={link}>
            Next
          </a>
        ) : (
          <span aria-disabled="true" className={off}>
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
