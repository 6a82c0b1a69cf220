import type { Trainer } from './trainer';
import type { Training } from './training';
import { DEFAULT_TIME_ZONE } from './timeZones';

/**
 * What a build of the public site is made from: a snapshot of the database taken by the publisher
 * (src/publish/snapshot.ts) and read by the pages at build time. Dates are ISO strings (JSON).
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

/** A training card's projection: only what the card shows, so islands get plain, small props. */
export interface TrainingCardData {
  id: string;
  title: string;
  price: number;
  startDate: string;
  endDate: string;
  location: string;
  format: string;
  /** The card's dates are the days of the training's own zone. */
  timeZone: string;
  trainer: { name: string; photo: string | null } | null;
}

export function toCardData(t: {
  id: string;
  title: string;
  price: number;
  startDate: string | Date;
  endDate: string | Date;
  location: string;
  format: string;
  timeZone?: string;
  trainer: { name: string; photo: string | null } | null;
}): TrainingCardData {
  const iso = (d: string | Date) => (typeof d === 'string' ? d : d.toISOString());
  return {
    id: t.id,
    title: t.title,
    price: t.price,
    startDate: iso(t.startDate),
    endDate: iso(t.endDate),
    location: t.location,
    format: t.format,
    timeZone: t.timeZone ?? DEFAULT_TIME_ZONE,
    trainer: t.trainer ? { name: t.trainer.name, photo: t.trainer.photo } : null,
  };
}
