import type { Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { signInByApi } from './adminSession';
import { throttleCpu } from './throttle';

/** A promise and the function that settles it: an event the test waits for. */
function signal(): { seen: Promise<void>; happened: () => void } {
  let happened!: () => void;
  const seen = new Promise<void>((resolve) => (happened = resolve));
  return { seen, happened };
}

/**
 * The form-post/401 race (src/domain/formPostMark.ts, sendToLogin in src/admin/client/api.ts), made to
 * happen on every run by holding requests, not by timing: a Logout the browser posts itself is on
 * its way, the session is already gone on the server, and an island's call is answered 401 before
 * the post's answer comes back. Without the guard the 401 starts a navigation to the login page that
 * cancels the post's, and the toast the post's answer carries is lost (the login page shows none).
 * The CPU rate only changes how fast the page runs between the held steps.
 */
for (const rate of [1, 6]) {
  test(`${rate === 1 ? '' : 'on a CPU six times slower, '}a 401 an island sees while a plain Logout post is on its way leaves the post its navigation and the login page its toast`, async ({
    page,
  }) => {
    if (rate > 1) await throttleCpu(page, rate);
    await signInByApi(page);
    const origin = process.env.E2E_BASE_URL!;

    // The table's error, reported by the page itself: Playwright's own checks of a page wait for its
    // pending navigation, which is held here.
    const tableShows401 = signal();
    await page.exposeFunction('reportAlert', (text: string) => {
      if (text.startsWith('401:')) tableShows401.happened();
    });
    await page.addInitScript(() => {
      const report = (window as unknown as { reportAlert: (text: string) => void }).reportAlert;
      new MutationObserver(() => {
        for (const alert of document.querySelectorAll('[role="alert"]')) void report(alert.textContent ?? '');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });

    // The trainings table's first call, held until the session is gone.
    let listCall: Route | undefined;
    const listAsked = signal();
    await page.route(
      (url) => url.pathname === '/api/admin/trainings',
      (route) => {
        if (listCall) {
          void route.continue();
          return;
        }
        listCall = route;
        listAsked.happened();
      },
    );
    // The nav's Logout, a plain form the browser posts itself: held until the 401 has been handled.
    let logoutPost: Route | undefined;
    const posted = signal();
    await page.route('**/api/admin/logout', (route) => {
      logoutPost = route;
      posted.happened();
    });
    // A navigation to the login page before the post is let through can only be the 401's: it is
    // held too, so the page that saw the 401 stays until the test has seen the 401 handled.
    let postReleased = false;
    const earlyLogins: Route[] = [];
    await page.route(
      (url) => url.pathname === '/admin/login',
      (route) => (postReleased ? route.continue() : void earlyLogins.push(route)),
    );

    await page.goto('/admin/trainings', { waitUntil: 'commit' });
    await listAsked.seen;
    // Not awaited: the navigation it starts is held.
    const click = page.getByRole('button', { name: 'Logout' }).click();
    await posted.seen;

    // The session ends on the server, as the post ends it, but from outside the browser: its cookies
    // learn nothing before the post's own answer, which still carries the toast (signed in or not).
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const ended = await fetch(new URL('/api/admin/logout', origin), { method: 'POST', headers: { origin, cookie } });
    expect(ended.status).toBe(200);
    // The table's call reaches the server now and gets 401. The table shows the error only after
    // sendToLogin has run (src/admin/client/pagedList.ts calls it before throwing).
    await listCall!.continue();
    await tableShows401.seen;

    postReleased = true;
    await logoutPost!.continue();
    for (const route of earlyLogins) await route.continue();
    await click;

    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('You have been logged out successfully')).toBeVisible();
    expect(earlyLogins.length, 'navigations to the login page started by the 401').toBe(0);
  });
}
