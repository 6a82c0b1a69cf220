import type { SiteTraining } from '../../domain/siteData';

/** A training page's document title and meta description. */
export function trainingTitle(training: Pick<SiteTraining, 'title'>): string {
  return `${training.title} | EMDR Training`;
}

export function trainingDescription(training: Pick<SiteTraining, 'description'>): string {
  const text = training.description.replace(/\s+/g, ' ').trim();
  return text.length > 155 ? `${text.slice(0, 154).trimEnd()}…` : text;
}
