/**
 * The beacon behind the Performance figures (docs/decisions/0020-listing-analytics.md). A
 * training page (`<meta name="emdr-training" content={id}>` before it in the head) sends a view,
 * then a Register click or a calendar download when a control marked `data-beacon="register"` /
 * `"calendar"` is clicked, or when the Register checklist's one continue path fires
 * `emdr:register-continue` (ADR 0045: only continued clicks count, a Go back counts nothing); at the end of a widget page it sends the impressions of the trainings the
 * page lists (`data-beacon-widget` = each id) in one beacon. In the head, the training page's own
 * content stays exactly what the admin preview shows (which counts nothing).
 * Pages may be served by a CDN, so the count is posted to the API, not read from a server's log.
 * Plain text, not a bundled module (the training page loads no script file), listed in the
 * Content-Security-Policy by its hash; at most 1 KB (beaconScript.test.ts). A browser with Global
 * Privacy Control or Do Not Track on sends nothing.
 */
export const BEACON_SCRIPT = `(() => {
  const n = navigator;
  if (!n.sendBeacon || n.globalPrivacyControl || n.doNotTrack === '1') return;
  const send = (body) => n.sendBeacon('/api/events', new Blob([JSON.stringify(body)], { type: 'application/json' }));
  const page = document.querySelector('meta[name="emdr-training"]');
  if (page) {
    const trainingId = page.content;
    send({ type: 'view', trainingId });
    const clicked = (event) => {
      const control = event.target instanceof Element && event.target.closest('[data-beacon]');
      if (control && (event.type === 'click' || event.button === 1)) send({ type: control.dataset.beacon, trainingId });
    };
    addEventListener('click', clicked);
    addEventListener('auxclick', clicked);
    addEventListener('emdr:register-continue', () => send({ type: 'register', trainingId }));
  }
  const shown = [...document.querySelectorAll('[data-beacon-widget]')].map((item) => item.dataset.beaconWidget);
  if (shown.length) send({ type: 'widget', trainingIds: shown.slice(0, 50) });
})();`;
