import fs from 'node:fs';
import type { SiteData, SiteTraining } from '../domain/siteData';

/**
 * Build-time access to the publisher's snapshot (SITE_DATA_FILE). Read from process.env, never
 * relative to import.meta.url: modules are bundled (ARCHITECTURE.md, Traps).
 */
let cached: { file: string; data: SiteData } | undefined;

export function loadSiteData(): SiteData {
  const file = process.env.SITE_DATA_FILE;
  if (!file) return { generatedAt: new Date().toISOString(), trainings: [] };
  if (cached?.file !== file) cached = { file, data: JSON.parse(fs.readFileSync(file, 'utf8')) as SiteData };
  return cached.data;
}

/** Published trainings that have not ended at build time, soonest first (the home list). */
export function upcomingTrainings(data = loadSiteData()): SiteTraining[] {
  const now = Date.parse(data.generatedAt);
  return data.trainings
    .filter((t) => t.isPublished && Date.parse(t.endDate) >= now)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.title.localeCompare(b.title));
}
