import type { SiteTrainer, TrainerRedirect } from '../../domain/siteData';
import type { Sql } from '../../data/database/db';
import { listRedirects } from '../../data/trainerSlugs';
import { verificationCutoff } from '../../domain/trust/credentialChecks';

/**
 * The trainers part of a build's snapshot (docs/product.md, Trainer pages): every trainer, for their
 * pages and feeds, and the old slugs that redirect. A few hundred small rows, read whole at each
 * publish. A trainer that did not change keeps its object, so what is derived from it (its page
 * digest) is worked out once, as for the trainings' rows. Each carries its verified credentials
 * (docs/product.md, Trust).
 */
let kept = new Map<string, { json: string; trainer: SiteTrainer }>();

export async function trainersSnapshot(
  sql: Sql,
  now = new Date(),
): Promise<{ trainers: SiteTrainer[]; trainerRedirects: TrainerRedirect[] }> {
  // The checks that still count at the snapshot's time: a badge past its 12 months changes the
  // trainer's object, so their pages are made again (the daily publish makes every page anyway).
  const rows = await sql<SiteTrainer[]>`
    select id, slug, name, bio, credentials, photo, website, thinkific_affiliate_url, states_served,
           created_at, updated_at, trainer_public_credentials(id, ${verificationCutoff(now)}::date) as verified
    from trainers order by lower(name), slug`;
  const next = new Map<string, { json: string; trainer: SiteTrainer }>();
  const trainers = (JSON.parse(JSON.stringify(rows)) as SiteTrainer[]).map((trainer) => {
    const json = JSON.stringify(trainer);
    const found = kept.get(trainer.id);
    const entry = found?.json === json ? found : { json, trainer };
    next.set(trainer.id, entry);
    return entry.trainer;
  });
  kept = next;
  return { trainers, trainerRedirects: await listRedirects() };
}
