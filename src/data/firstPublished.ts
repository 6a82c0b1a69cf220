import { getSql } from './database/db';

/**
 * When each training was first published (db/migrations/00024_alerts.sql; a trigger on trainings
 * writes it). The trainings first published after `since`, by id.
 */
export async function firstPublishedSince(since: Date): Promise<Map<string, Date>> {
  const sql = await getSql();
  const rows = await sql<{ trainingId: string; firstPublishedAt: Date }[]>`
    select training_id, first_published_at from training_first_published where first_published_at > ${since}`;
  return new Map(rows.map((row) => [row.trainingId, row.firstPublishedAt]));
}
