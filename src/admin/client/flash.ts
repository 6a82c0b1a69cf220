/**
 * A toast left for the next page, kept in sessionStorage. It names the page load that wrote it, and
 * that page never takes it back: a click that lands after the island's hydration is committed but
 * before its effects have run writes the flash first, and the page's own toaster, mounting next,
 * took the flash meant for the next page, which then showed nothing.
 */
export const FLASH_KEY = 'emdr-admin-flash';

export interface Flash {
  title: string;
  message: string;
}

/** This page load, as a flash names it: module state is one per document. */
export const THIS_PAGE = Math.random().toString(36).slice(2);

export function writeFlash(storage: Pick<Storage, 'setItem'>, flash: Flash, page = THIS_PAGE): void {
  storage.setItem(FLASH_KEY, JSON.stringify({ ...flash, from: page }));
}

/** Takes back a flash whose action failed after all. */
export function dropFlash(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(FLASH_KEY);
}

/** The flash another page load left, removed as it is read; a flash this page wrote stays for the next. */
export function takeFlash(storage: Pick<Storage, 'getItem' | 'removeItem'>, page = THIS_PAGE): Flash | null {
  const pending = storage.getItem(FLASH_KEY);
  if (!pending) return null;
  let parsed: Partial<Flash & { from: string }>;
  try {
    parsed = JSON.parse(pending) as Partial<Flash & { from: string }>;
  } catch {
    storage.removeItem(FLASH_KEY);
    return null;
  }
  if (parsed.from === page) return null;
  storage.removeItem(FLASH_KEY);
  return typeof parsed.title === 'string' && typeof parsed.message === 'string'
    ? { title: parsed.title, message: parsed.message }
    : null;
}
