import { US_STATES } from '../states';
import { trainingPath } from '../trainingPath';

/**
 * A page per state (/trainings/california): its path, title and description, and the ItemList
 * JSON-LD naming the trainings it shows. Built only for states with at least one listed training.
 */
export function stateSlug(code: string): string | undefined {
  const name = US_STATES.find((s) => s.code === code)?.name;
  return name?.toLowerCase().replace(/\s+/g, '-');
}

export function statePath(code: string): string | undefined {
  const slug = stateSlug(code);
  return slug ? `/trainings/${slug}` : undefined;
}

export function statePageTitle(name: string): string {
  return `EMDR Trainings in ${name}`;
}

export function statePageDescription(name: string, total: number): string {
  const count = total === 1 ? '1 upcoming EMDR training' : `${total} upcoming EMDR trainings`;
  return `${count} in ${name}: EMDRIA-certified trainings with continuing-education credits, in person, online and hybrid.`;
}

/** schema.org ItemList of the trainings a page shows, in order; numberOfItems counts every match. */
export function itemListJsonLd(
  name: string,
  pageUrl: string,
  items: { id: string; title: string }[],
  total: number,
  site: URL,
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    url: pageUrl,
    numberOfItems: total,
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: new URL(trainingPath(item.id), site).href,
      name: item.title,
    })),
  };
}
