import type { Page } from '@playwright/test';

/**
 * Slows the page's CPU the way a low-end phone is slow (Chrome DevTools Protocol), so tests see the
 * window between the server's HTML appearing and the islands taking over, and click inside it.
 */
export async function throttleCpu(page: Page, rate = 6): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}
