/**
 * The inline script behind a training page's "Your time:" lines (one, or one per online part of a
 * program in parts). Pages are built once on a server, so
 * only the visitor's browser knows the visitor's zone. It is plain text, not a bundled module: a
 * training page loads no script file, and the Content-Security-Policy lists the inline text by hash.
 * It writes the same shape as formatWhen (./timeZones.ts); visitorTimeScript.test.ts runs both.
 */
export const VISITOR_TIME_SCRIPT = `(() => {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const day = (d) =>
    new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: zone }).format(d);
  const time = (d) => {
    const p = {};
    const options = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: zone };
    for (const part of new Intl.DateTimeFormat('en-US', options).formatToParts(d)) p[part.type] = part.value;
    return [p.hour + ':' + p.minute + ' ' + p.dayPeriod, p.timeZoneName];
  };
  for (const line of document.querySelectorAll('[data-visitor-time]')) {
    if (line.dataset.zone === zone) continue;
    const start = new Date(line.dataset.start);
    const end = new Date(line.dataset.end);
    const [a, zoneA] = time(start);
    const [b, zoneB] = time(end);
    const first = zoneA === zoneB ? a : a + ' ' + zoneA;
    const last = day(start) === day(end) ? b : day(end) + ' · ' + b;
    line.querySelector('[data-visitor-time-text]').textContent = day(start) + ' · ' + first + ' – ' + last + ' ' + zoneB;
    line.hidden = false;
  }
})();`;
