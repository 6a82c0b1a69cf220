import { feedForFilters, feedUrls } from '../../domain/feeds/feedCatalog';
import { $filters, startUrlSync } from '../filtersStore';

/**
 * Browser side of SubscribeControl.astro: keeps each control's links on the feed that matches the
 * current home filters, and turns on its Copy button. A control with a fixed state only gets the button.
 */
export function followFilters(roots: Iterable<HTMLElement>): void {
  for (const root of roots) {
    enableCopy(root);
    if (root.dataset.fixedState) continue;
    startUrlSync();
    $filters.subscribe((filters) => show(root, feedForFilters(filters)));
  }
}

function show(root: HTMLElement, feed: ReturnType<typeof feedForFilters>): void {
  const urls = feedUrls(feed, root.dataset.site ?? window.location.origin);
  const name = root.querySelector('[data-feed-name]');
  const webcal = root.querySelector<HTMLAnchorElement>('[data-feed-webcal]');
  const https = root.querySelector<HTMLAnchorElement>('[data-feed-https]');
  if (name) name.textContent = feed.name;
  if (webcal) webcal.href = urls.webcal;
  if (https) {
    https.href = urls.https;
    https.textContent = urls.https;
  }
  const status = root.querySelector('[data-feed-copied]');
  if (status) status.textContent = '';
}

function enableCopy(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('[data-feed-copy]');
  const status = root.querySelector('[data-feed-copied]');
  if (!button || !navigator.clipboard) return;
  button.disabled = false;
  button.addEventListener('click', () => {
    const address = root.querySelector<HTMLAnchorElement>('[data-feed-https]')?.href ?? '';
    navigator.clipboard.writeText(address).then(
      () => status && (status.textContent = 'Copied.'),
      () => status && (status.textContent = 'Could not copy: select the address and copy it.'),
    );
  });
}
