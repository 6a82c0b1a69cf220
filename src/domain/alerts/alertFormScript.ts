/**
 * The inline script of the "Email me new trainings like these" form (src/site/alerts/AlertSignup.astro). The
 * page's filters live in its URL (the island keeps the address bar on them), so at the moment of
 * sending the form copies the address's query into its `query` field, over the page's own fixed
 * part (a state page's state, a trainer page's trainer). Without script the fixed part alone is
 * sent, which is what that page shows before any filter is touched. The server drops paging and sort
 * (domain/alerts/alerts.ts). A listener on the document, not on the form: it works for a click made while
 * the rest of the page is still loading. Plain text, listed in the Content-Security-Policy by hash.
 */
export const ALERT_FORM_SCRIPT = `document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-alert-form')) return;
  const query = new URLSearchParams(location.search);
  for (const [key, value] of new URLSearchParams(form.dataset.fixedQuery || '')) query.set(key, value);
  form.elements.namedItem('query').value = query.toString();
});`;
