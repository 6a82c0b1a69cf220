import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures';
import { throttleCpu } from './throttle';

/**
 * No toast lost: Login and Logout clicked as soon as each button shows, on a CPU six
 * times slower, 200 times. Every round must end with its toast: 'Logged in successfully',
 * 'Invalid credentials' or 'You have been logged out successfully'. Each round is a fresh browser
 * from an address of its own (X-Forwarded-For; the e2e server trusts its loopback proxy), so the
 * sign-in back-off of one round never answers another. Rounds run in a few lanes at once: the
 * browsers share the machine's cores, which makes each of them slower still.
 */
const ROUNDS = 200;
const LANES = 3;
type Kind = 'login-ok' | 'login-refused' | 'logout';
const KINDS: Kind[] = ['login-ok', 'login-refused', 'logout'];
const TOAST: Record<Kind, string> = {
  'login-ok': 'Logged in successfully',
  'login-refused': 'Invalid credentials',
  logout: 'You have been logged out successfully',
};

async function round(browser: Browser, index: number, kind: Kind): Promise<string | null> {
  const origin = process.env.E2E_BASE_URL!;
  const context = await browser.newContext({
    baseURL: origin,
    extraHTTPHeaders: { 'x-forwarded-for': `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}` },
  });
  // Every toast text any page of the round shows, as the page shows it: a toast is on screen for 5 s,
  // and a check from outside that comes round less often than that on a loaded machine could miss
  // one that did appear.
  const shown = new Set<string>();
  await context.exposeFunction('reportToast', (text: string) => shown.add(text));
  await context.addInitScript(() => {
    const report = (window as unknown as { reportToast: (text: string) => void }).reportToast;
    const reported = new Set<string>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[role="status"], [role="alert"]')) {
        const text = toast.textContent ?? '';
        if (!reported.has(text)) {
          reported.add(text);
          report(text);
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const page = await context.newPage();
  try {
    await throttleCpu(page, 6);
    if (kind === 'logout') {
      const signedIn = await page.request.post('/api/admin/login', {
        headers: { origin },
        data: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
      });
      expect(signedIn.status()).toBe(200);
      await page.goto('/admin/dashboard', { waitUntil: 'commit' });
      await page.getByRole('button', { name: 'Logout' }).click();
    } else {
      await page.goto('/admin/login', { waitUntil: 'commit' });
      // A made-up address for the refused sign-in: no account's back-off grows over the rounds.
      await page
        .getByLabel('Email')
        .fill(kind === 'login-ok' ? process.env.ADMIN_EMAIL! : `nobody-${index}@example.com`);
      await page.getByLabel('Password').fill(kind === 'login-ok' ? process.env.ADMIN_PASSWORD! : 'not the password');
      await page.getByRole('button', { name: 'Login' }).click();
    }
    const toastShown = () => [...shown].some((text) => text.includes(TOAST[kind]));
    try {
      await expect.poll(toastShown, { timeout: 20_000 }).toBe(true);
      return null;
    } catch {
      return `round ${index} (${kind}) at ${page.url()}: no "${TOAST[kind]}" toast; shown: ${JSON.stringify([...shown])}`;
    }
  } finally {
    await context.close();
  }
}

test(`${ROUNDS} early clicks on Login and Logout at 6× CPU slowdown each end with their toast`, async ({ browser }) => {
  test.setTimeout(30 * 60_000);
  const missing: string[] = [];
  let next = 0;
  const lane = async () => {
    while (next < ROUNDS) {
      const index = next++;
      const lost = await round(browser, index, KINDS[index % KINDS.length]!);
      if (lost) {
        console.log(`[toasts] lost: ${lost}`);
        missing.push(lost);
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  console.log(`[toasts] ${ROUNDS - missing.length} of ${ROUNDS} early clicks showed their toast`);
  expect(missing).toEqual([]);
});
