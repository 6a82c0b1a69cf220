import { test as base, expect } from '@playwright/test';

/** Every spec runs against the server started by globalSetup.ts. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export { expect };
