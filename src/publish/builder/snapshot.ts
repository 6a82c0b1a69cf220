import type { SiteData, SiteTrainer, SiteTraining } from '../../domain/siteData';
import { getSql, type Sql } from '../../data/database/db';
import { trainersSnapshot } from './trainerSnapshot';
import { verificationCutoff } from '../../domain/trust/credentialChecks';
import * as offerings from '../../data/offerings';

/**
 * Everything a build needs: the published trainings with their trainer rows, soonest first.
 *
 * The publisher takes one at every publish, so the rows of the last one are kept and only rows that
 * changed are read again: a first light query lists each published row's version (PostgreSQL's
 * `xmin`, which every update of the row changes, whatever code wrote it, and the trainer row's),
 * then the changed rows are read in full. An unchanged row keeps its object, so what is derived from
 * it (its page digest, its calendar event) is worked out once, not at every publish.
 */
interface Version {
  id: string;
  version: string;
}

let kept = new Map<string, { version: string; training: SiteTraining }>();

export async function takeSnapshot(now = new Date()): Promise<SiteData> {
  const sql = await getSql();
  // The trainer's part of a version also names their verified credentials at this time (docs/product.md,
  // Trust): a check recorded, or one past its 12 months, changes the trainer object the pages read.
  // Worked out once per trainer (a CTE), not once per training: 8 ms rather than 60 at 5,000 trainings.
  const cutoff = verificationCutoff(now);
  const versions = await sql<Version[]>`
    with verified as (
      select id, md5(trainer_public_credentials(id, ${cutoff}::date)::text) as version from trainers
    )
    select t.id, t.xmin::text || '/' || coalesce(tr.xmin::text, '-') || '/' || coalesce(tr.id::text, '-')
             || '/' || coalesce(v.version, '-') as version
    from trainings t left join trainers tr on tr.id = t.trainer_id left join verified v on v.id = tr.id
    where t.is_published
    order by t.start_date, t.title, t.id`;
  const stale = versions.filter((v) => kept.get(v.id)?.version !== v.version).map((v) => v.id);
  const fresh = new Map(
    (await readRows(sql, stale, versions.length, keptTrainers(), cutoff)).map((row) => [row.training.id, row]),
  );
  const next = new Map<string, { version: string; training: SiteTraining }>();
  const trainings: SiteTraining[] = [];
  for (const { id } of versions) {
    // A row deleted or unpublished between the two queries is simply not in this snapshot.
    const row = fresh.get(id) ?? kept.get(id);
    if (!row) continue;
    next.set(id, row);
    trainings.push(row.training);
  }
  kept = next;
  // The offerings are read whole at every publish: a few thousand small documents (docs/product.md, Consultation).
  const published = JSON.parse(JSON.stringify(await offerings.listPublished(cutoff))) as SiteData['offerings'];
  return { generatedAt: now.toISOString(), trainings, offerings: published, ...(await trainersSnapshot(sql, now)) };
}

/** A trainer row's part of a training's version: its xmin and id. */
const trainerVersion = (version: string) => version.slice(version.indexOf('/') + 1);

/** The trainer objects the kept rows share, by trainer version. */
function keptTrainers(): Map<string, SiteTrainer> {
  const trainers = new Map<string, SiteTrainer>();
  for (const { version, training } of kept.values()) {
    if (training.trainer) trainers.set(trainerVersion(version), training.trainer);
  }
  return trainers;
}

/**
 * The rows `ids` name, read in full. Rows of one trainer share one trainer object (`trainers`,
 * which the kept rows seed): a copy per training was 5,000 copies of 50 trainers' bios.
 */
async function readRows(
  sql: Sql,
  ids: string[],
  all: number,
  trainers: Map<string, SiteTrainer>,
  cutoff: string,
): Promise<{ version: string; training: SiteTraining }[]> {
  if (ids.length === 0) return [];
  // Most rows new (the first snapshot): one read of them all instead of a list of thousands of ids.
  const some = ids.length < all / 2 ? sql`and t.id in ${sql(ids)}` : sql``;
  const rows = await sql<(SiteTraining & { rowVersion: string })[]>`
    with verified as (
      select id, trainer_public_credentials(id, ${cutoff}::date) as credentials from trainers
    )
    select t.*, to_jsonb(tr) || jsonb_build_object('verified', v.credentials) as trainer,
           t.xmin::text || '/' || coalesce(tr.xmin::text, '-') || '/' || coalesce(tr.id::text, '-')
             || '/' || coalesce(md5(v.credentials::text), '-') as row_version
    from trainings t left join trainers tr on tr.id = t.trainer_id left join verified v on v.id = tr.id
    where t.is_published ${some}`;
  // Dates become ISO strings; the trainer's columns come back snake_case from to_jsonb.
  return (JSON.parse(JSON.stringify(rows)) as (SiteTraining & { rowVersion: string })[]).map(
    ({ rowVersion, ...training }) => {
      const key = trainerVersion(rowVersion);
      const row = training.trainer;
      let trainer = trainers.get(key) ?? null;
      if (!trainer && row) trainers.set(key, (trainer = camelTrainer(row)));
      return { version: rowVersion, training: { ...training, trainer } };
    },
  );
}

function camelTrainer(row: Record<string, unknown>): SiteTrainer {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    bio: row.bio,
    credentials: row.credentials,
    photo: row.photo,
    website: row.website,
    thinkificAffiliateUrl: row.thinkific_affiliate_url,
    statesServed: row.states_served,
    verified: row.verified,
    createdAt: new Date(row.created_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  } as SiteTrainer;
}
