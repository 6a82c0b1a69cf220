import { describe, expect, it } from 'vitest';
import { dropFlash, FLASH_KEY, takeFlash, writeFlash } from './flash';

/** sessionStorage's three calls used here, over a Map: the unit project runs in Node, without a browser. */
function storage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const loggedOut = { title: 'Logged out', message: 'You have been logged out successfully' };

describe('a toast left for the next page', () => {
  it('is shown by the next page load, once', () => {
    const tab = storage();
    writeFlash(tab, loggedOut, 'dashboard-load');
    expect(takeFlash(tab, 'login-load')).toEqual(loggedOut);
    expect(takeFlash(tab, 'login-load')).toBeNull();
  });

  it('is not taken by the page that wrote it, whose toaster mounted after the click: the next page still shows it', () => {
    const tab = storage();
    writeFlash(tab, loggedOut, 'dashboard-load');
    expect(takeFlash(tab, 'dashboard-load')).toBeNull();
    expect(takeFlash(tab, 'login-load')).toEqual(loggedOut);
  });

  it('written again by a later page, it is that page’s text the next one shows', () => {
    const tab = storage();
    writeFlash(tab, { title: 'Success', message: 'Logged in successfully' }, 'login-load');
    writeFlash(tab, loggedOut, 'dashboard-load');
    expect(takeFlash(tab, 'dashboard-load')).toBeNull();
    expect(takeFlash(tab, 'login-load')).toEqual(loggedOut);
  });

  it('something unreadable under its key shows nothing and is cleared', () => {
    const tab = storage();
    tab.setItem(FLASH_KEY, '{not json');
    expect(takeFlash(tab, 'any-load')).toBeNull();
    expect(tab.items.has(FLASH_KEY)).toBe(false);
  });

  it('taken back when its action failed, the next page shows nothing', () => {
    const tab = storage();
    writeFlash(tab, loggedOut, 'dashboard-load');
    dropFlash(tab);
    expect(takeFlash(tab, 'login-load')).toBeNull();
  });
});
