import type { Trainer } from './trainers/trainer';
import type { Training } from './training';
import type { PublicCredential } from './trust/credentialChecks';
import type { Json } from './json';
import type { Offering } from './consultation/offering';

/**
 * What a build of the public site is made from: a snapshot of the database taken by the publisher
 * (src/publish/builder/snapshot.ts) and read by the pages at build time. Dates are ISO strings (JSON).
 */
/**
 * A trainer as the pages get them, with the credentials the team checked in the last 12 months (the
 * snapshot leaves older checks out: docs/product.md, Trust). Absent in snapshots made before checks.
 */
export type SiteTrainer = Json<Trainer> & { verified?: PublicCredential[] };
export interface SiteTraining extends Json<Training> {
  trainer: SiteTrainer | null;
}

export interface SiteData {
  generatedAt: string;
  trainings: SiteTraining[];
  /**
   * Every trainer, by name: a trainer page exists for each, with or without public trainings.
   * Absent in snapshots made before trainer pages (tests, old data files): the trainers of the
   * trainings stand in.
   */
  trainers?: SiteTrainer[];
  /**
   * The published consultation offerings with their consultant (docs/product.md, Consultation).
   * Absent in snapshots made before consultation: none.
   */
  offerings?: SiteOffering[];
  /** Old trainer slugs and the slug each now leads to: their URLs answer 301. */
  trainerRedirects?: TrainerRedirect[];
}

export interface TrainerRedirect {
  from: string;
  to: string;
}

/** A consultation offering as the pages get it: its consultant's name, photo, slug and checked credentials. */
export type SiteOffering = Json<Offering> & {
  trainer: { name: string; photo: string | null; slug: string; verified: PublicCredential[] };
};
