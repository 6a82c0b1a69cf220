import type { SiteData, SiteTrainer, SiteTraining, TrainerRedirect } from '../domain/siteData';
import { TRAINERS_PAGE_SIZE } from '../domain/trainers/trainerPages';
import { loadSiteData, upcomingTrainings } from './siteData';

/**
 * What the trainer pages and feeds read from one snapshot (docs/product.md, Trainer pages), worked
 * out once per snapshot with one pass over the listed trainings (grouped by trainer), whatever the
 * number of trainer pages rendered from it.
 */
export interface TrainerEntry {
  trainer: SiteTrainer;
  /** The trainer's public trainings that have not ended, soonest first (the listing's order). */
  upcoming: SiteTraining[];
}

interface TrainerDerived {
  /** Every trainer, A–Z: each has a page and feeds. */
  all: TrainerEntry[];
  bySlug: Map<string, TrainerEntry>;
  /** Trainers with at least one public training, A–Z: the /trainers index. */
  listed: TrainerEntry[];
}

const derived = new WeakMap<SiteData, TrainerDerived>();

const byName = (a: SiteTrainer, b: SiteTrainer) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug);

/** The snapshot's trainers, or (a snapshot from before trainer pages) those of its trainings. */
function trainersOf(data: SiteData): SiteTrainer[] {
  if (data.trainers) return data.trainers;
  const seen = new Map<string, SiteTrainer>();
  for (const t of data.trainings) if (t.trainer?.slug && !seen.has(t.trainer.id)) seen.set(t.trainer.id, t.trainer);
  return [...seen.values()];
}

function derive(data: SiteData): TrainerDerived {
  let found = derived.get(data);
  if (!found) {
    const upcoming = Map.groupBy(upcomingTrainings(data), (t) => t.trainerId);
    const all = [...trainersOf(data)]
      .sort(byName)
      .map((trainer) => ({ trainer, upcoming: upcoming.get(trainer.id) ?? [] }));
    found = {
      all,
      bySlug: new Map(all.map((entry) => [entry.trainer.slug, entry])),
      listed: all.filter((entry) => entry.upcoming.length > 0),
    };
    derived.set(data, found);
  }
  return found;
}

export function allTrainers(data = loadSiteData()): TrainerEntry[] {
  return derive(data).all;
}

export function trainerBySlug(slug: string, data = loadSiteData()): TrainerEntry | undefined {
  return derive(data).bySlug.get(slug);
}

export function listedTrainers(data = loadSiteData()): TrainerEntry[] {
  return derive(data).listed;
}

/** The /trainers pages: page n (from 1) with its trainers, and how many pages there are (at least 1). */
export function trainersIndexPages(data = loadSiteData()): { page: number; entries: TrainerEntry[] }[] {
  const listed = listedTrainers(data);
  const pageCount = Math.max(1, Math.ceil(listed.length / TRAINERS_PAGE_SIZE));
  return Array.from({ length: pageCount }, (_, i) => ({
    page: i + 1,
    entries: listed.slice(i * TRAINERS_PAGE_SIZE, (i + 1) * TRAINERS_PAGE_SIZE),
  }));
}

/** Old slugs that lead to a trainer who still exists. */
export function trainerRedirects(data = loadSiteData()): TrainerRedirect[] {
  const bySlug = derive(data).bySlug;
  return (data.trainerRedirects ?? []).filter((r) => bySlug.has(r.to) && !bySlug.has(r.from));
}
