import { listQueryString, parseSort, type SortOrder } from '../../domain/adminList';

type Query = { search?: string; sort?: string; page?: number } & Record<string, string | number | undefined>;

/**
 * The URLs of an admin table's states: every search, filter, sort and page is a plain link or GET
 * form to one of these, so they work before scripts load, can be shared, and Back returns to them.
 */
export function listLinks(path: string, query: Query, defaultSort: string) {
  const href = (changes: Partial<Query>) => {
    const text = listQueryString({ ...query, ...changes });
    return text ? `${path}?${text}` : path;
  };
  const sort: SortOrder = parseSort(query.sort ?? defaultSort);
  const filtered = Object.entries(query).some(([key, value]) => key !== 'sort' && key !== 'page' && value);
  return {
    sort,
    /** A new sort starts again at the first page; the active column flips direction. */
    sortHref: (key: string) => href({ sort: sort.key === key && !sort.descending ? `-${key}` : key, page: undefined }),
    pageHref: (page: number) => href({ page: page === 1 ? undefined : page }),
    /** What the search and filters reset to: the same sort, no search, first page. */
    clearHref: filtered ? href({ search: undefined, status: undefined, format: undefined, page: undefined }) : null,
    filtered,
    /** What the list API is asked for: always a page, so it answers in pages. */
    apiQuery: listQueryString({ ...query, page: query.page ?? 1 }),
  };
}
