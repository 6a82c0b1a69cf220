import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { nanoquery, type KeySelector } from '@nanostores/query';
import { PAGE_HEADERS, pageCount } from '../../domain/adminList';
import { ApiError, sendToLogin } from './api';

/** One page of an admin table as the list API answers it: the rows, and the paging from the headers. */
export interface PageData<T> {
  rows: T[];
  total: number;
  page: number;
  pages: number;
}

async function fetchPage<T>(url: string): Promise<PageData<T>> {
  const response = await fetch(url, { credentials: 'include' });
  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401) sendToLogin();
    // The same message as every admin call: '{status}: {body or status text}'.
    throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`, {});
  }
  const rows = JSON.parse(text) as T[];
  const total = Number(response.headers.get(PAGE_HEADERS.total) ?? rows.length);
  const page = Number(response.headers.get(PAGE_HEADERS.page) ?? 1);
  return { rows, total, page, pages: pageCount(total) };
}

// Same settings as the whole lists: no retries, no refetch on focus, never stale.
const [createPageStore, , { invalidateKeys }] = nanoquery({
  fetcher: (...keys) => fetchPage(keys.join('')),
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  dedupeTime: Infinity,
});

/** The store of one page of a list: `path?query`. */
export function pageStore<T>(path: string, query: string) {
  return createPageStore<PageData<T>>([path, '?', query]);
}

/** The page a table shows, for the table's life: its rows and paging, whether it loads, its error. */
export function usePage<T>(path: string, query: string) {
  const [store] = useState(() => pageStore<T>(path, query));
  const page = useStore(store);
  return { data: page.data, loading: page.loading, error: page.error as Error | undefined };
}

/** Invalidates the pages of the lists the selector names (by their path, whatever their query). */
export function invalidatePages(selector: KeySelector): void {
  const matches = (path: string) =>
    typeof selector === 'function'
      ? selector(path)
      : Array.isArray(selector)
        ? selector.includes(path)
        : selector === path;
  invalidateKeys((key) => matches(key.split('?')[0]!));
}
