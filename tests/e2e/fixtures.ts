import { test as base, expect } from '@playwright/test';

/**
 * Every spec runs against the server started by globalSetup.ts, and fails if the page reports a
 * Content-Security-Policy violation: a blocked script would be a broken page in production.
 */
export const test = base.extend<{ cspViolations: void }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await use();
      expect(violations).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
