import type { SiteData, SiteTraining } from '../domain/siteData';
import { getSql } from '../data/db';

/** Reads everything a build needs in one query: published trainings with their trainer rows. */
export async function takeSnapshot(now = new Date()): Promise<SiteData> {
  const sql = await getSql();
  const rows = await sql<SiteTraining[]>`
    select t.*, to_jsonb(tr) as trainer
    from trainings t left join trainers tr on tr.id = t.trainer_id
    where t.is_published
    order by t.start_date, t.title, t.id`;
  // Dates become ISO strings; the trainer's columns come back snake_case from to_jsonb.
  const trainings = JSON.parse(JSON.stringify(rows)) as SiteTraining[];
  for (const t of trainings) t.trainer = t.trainer ? camelTrainer(t.trainer) : null;
  return { generatedAt: now.toISOString(), trainings };
}

function camelTrainer(row: Record<string, unknown>): SiteTraining['trainer'] {
  return {
    id: row.id,
    name: row.name,
    bio: row.bio,
    credentials: row.credentials,
    photo: row.photo,
    website: row.website,
    thinkificAffiliateUrl: row.thinkific_affiliate_url,
    statesServed: row.states_served,
    createdAt: new Date(row.created_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  } as SiteTraining['trainer'];
}
