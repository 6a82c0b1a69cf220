import type { Trainer } from './trainer';
import type { Training } from './training';

/**
 * What a build of the public site is made from: a snapshot of the database taken by the publisher
 * (src/publish/build/snapshot.ts) and read by the pages at build time. Dates are ISO strings (JSON).
 */
export type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

export type SiteTrainer = Json<Trainer>;
export interface SiteTraining extends Json<Training> {
  trainer: SiteTrainer | null;
}

export interface SiteData {
  generatedAt: string;
  trainings: SiteTraining[];
}
