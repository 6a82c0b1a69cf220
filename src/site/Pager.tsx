import type { MouseEvent } from 'react';
import { pagerItems, viewToQuery, type ListingView } from '../domain/listing/listingView';

/**
 * Page links (real `<a href>`s: crawlable, and without JavaScript they lead to /trainings, which
 * renders any page on the server). With JavaScript the island shows the page in place.
 */
export default function Pager(props: { view: ListingView; pageCount: number; onPage?: (page: number) => void }) {
  const { view, pageCount, onPage } = props;
  if (pageCount <= 1) return null;
  const href = (page: number) => {
    const query = viewToQuery({ ...view, page });
    return `/trainings${query ? `?${query}` : ''}`;
  };
  const follow = (page: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPage || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPage(page);
  };
  const link = 'inline-block min-w-10 rounded-md border border-slate-300 px-3 py-2 text-center';
  return (
    <nav aria-label="Pagination" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {view.page > 1 && (
          <li>
            <a href={href(view.page - 1)} onClick={follow(view.page - 1)} rel="prev" className={link}>
              Previous
            </a>
          </li>
        )}
        {pagerItems(view.page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={href(n)}
                onClick={follow(n)}
                aria-label={`Page ${n}`}
                aria-current={n === view.page ? 'page' : undefined}
                className={`${link} ${n === view.page ? 'bg-brand-700 font-semibold text-white' : 'text-slate-800 hover:bg-slate-100'}`}
              >
                {n}
              </a>
            </li>
          ),
        )}
        {view.page < pageCount && (
          <li>
            <a href={href(view.page + 1)} onClick={follow(view.page + 1)} rel="next" className={link}>
              Next
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
