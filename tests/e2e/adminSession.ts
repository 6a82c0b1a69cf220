import postgres from 'postgres';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { clientOptions, embeddedSocketDir, type Sql } from '../../src/data/database/db';

/**
 * Signs the page's browser context in through the login API (the cookie is shared with the page),
 * so tests of other screens neither depend on nor wait for the login form's island.
 */
export async function signInByApi(page: Page): Promise<void> {
  const origin = process.env.E2E_BASE_URL!;
  const response = await page.request.post('/api/admin/login', {
    headers: { origin },
    data: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
  });
  expect(response.status()).toBe(200);
}

/** The e2e server's own database (its embedded PostgreSQL, on a socket in its DATA_DIR). */
export function e2eSql(): Sql {
  return postgres({
    ...clientOptions(1),
    host: embeddedSocketDir(process.env.E2E_DATA_DIR!),
    port: 5432,
    database: 'postgres',
    username: 'postgres',
  });
}

export interface CreatedTraining {
  id: string;
  title: string;
}

/** A training created through the admin API, as the form would send it. */
export async function createTrainingByApi(page: Page, fields: Record<string, unknown> = {}): Promise<CreatedTraining> {
  const origin = process.env.E2E_BASE_URL!;
  const trainers = (await (await page.request.get('/api/admin/trainers')).json()) as { id: string }[];
  const response = await page.request.post('/api/admin/trainings', {
    headers: { origin },
    data: {
      trainerId: trainers[0]!.id,
      title: `E2E Training ${Date.now()}`,
      description: 'Created by an end-to-end test.',
      price: 500,
      startDate: '2027-09-01T13:00:00.000Z',
      endDate: '2027-09-02T21:00:00.000Z',
      location: 'Zoom',
      format: 'Virtual',
      thinkificUrl: 'https://emdr.thinkific.com/courses/e2e',
      isPublished: false,
      ...fields,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CreatedTraining;
}

export async function deleteTrainingByApi(page: Page, id: string): Promise<void> {
  await page.request.delete(`/api/admin/trainings/${id}`, { headers: { origin: process.env.E2E_BASE_URL! } });
}
