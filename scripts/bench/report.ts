import fs from 'node:fs';
import path from 'node:path';
import { ratioText } from './stats';

/** Which generator produced a pair of figures, and whether it (not the server) was the limit. */
function generatorNote(...figures: any[]): string {
  const wrk = figures.every((f) => f?.generator === 'wrk');
  if (!wrk) return 'autocannon in the bench process';
  const saturated = figures.filter((f) => f.generatorSaturated).length;
  return `wrk -t1 -c50 pinned to the other core${saturated ? `, saturated in ${saturated} of ${figures.length} runs (there the generator was the limit)` : ', never saturated'}`;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Writes bench/results/<date>.json and the table in docs/performance.md. */
export function writeReport(results: Record<string, any>): string {
  const dir = path.resolve('bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${results.date.slice(0, 10)}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);

  const rows: string[] = [];
  const row = (...cells: unknown[]) => rows.push(`| ${cells.join(' | ')} |`);
  for (const b of results.build ?? [])
    row(
      `Build N=${b.n}`,
      `${b.buildMs} ms (median of ${b.rounds.length}), peak ${b.peakMiB} MiB`,
      `plain-script floor ${b.floorMs} ms (median): the same HTML rendered by a template, mkdir + write + rm of the old output`,
      `${b.ratio}×`,
      b.n === 5000 ? '≤ 4×, ≤ 800 MiB' : '',
    );
  for (const s of results.saveToLive ?? [])
    row(
      `Save → live N=${s.n}`,
      `p50 ${s.medianMs} ms, p95 ${s.p95Ms} ms over ${s.runs.length} lone edits (debounce included); per edit ${s.rendered} pages rendered, ${s.cpuMs} ms CPU, process peak ${s.peakRssMiB} MiB (${s.runs.map((r: any) => r.mode).filter((m: string) => m !== 'in-process').length} not in-process)`,
      `cold full \`astro build\` of the same data ${s.coldBuildMs} ms, peak ${s.coldBuildPeakMiB} MiB (what every edit cost before)`,
      `${s.ratioToColdBuild}×`,
      s.n === 5000 ? 'p50 ≤ 250 ms, p95 ≤ 500 ms (precompression included)' : '',
    );
  for (const s of results.saveToLive ?? []) {
    if (s.treePeakMiB)
      row(
        `Memory N=${s.n}`,
        `process tree peak ${s.treePeakMiB.edits} MiB during the ${s.runs.length} lone edits above, ${s.treePeakMiB.fullRebuild} MiB during a full rebuild` +
          (s.treePssPeakMiB
            ? `; proportional (PSS) peak ${s.treePssPeakMiB.edits} and ${s.treePssPeakMiB.fullRebuild} MiB`
            : ''),
        'resident memory (RSS) of the server and its children summed, sampled every 50 ms from /proc; PSS counts the pages they share (the Node binary both run) once, as a container memory limit does',
        '–',
        s.n === 5000 ? '≤ 512 MiB' : '',
      );
    if (s.crawl)
      row(
        `Cold crawl after a publish N=${s.n}`,
        `${s.crawl.urls} pages and feeds with \`Accept-Encoding: br\`, 8 at a time, in ${s.crawl.crawlMs} ms (${s.crawl.brotliAnswers} answered brotli); event-loop delay max ${s.crawl.eventLoop.maxMs} ms, p99 ${s.crawl.eventLoop.p99Ms} ms (the worse of the app's and the static front's: ${s.crawl.eventLoop.role ?? 'app'}); \`/healthz\` max ${s.crawl.healthz.maxMs} ms over ${s.crawl.healthz.probes} probes`,
        'monitorEventLoopDelay in the server (10 ms resolution), reset when the edit is live',
        '–',
        s.n === 5000 ? 'event-loop delay max ≤ 50 ms' : '',
      );
    if (s.slowClients)
      row(
        `Slow clients N=${s.n}`,
        `${s.slowClients.clients} connections that never read \`/api/trainings\` and \`/feeds/all.ics\`: process ${s.slowClients.baselineMiB} → ${s.slowClients.peakMiB} MiB (+${s.slowClients.grewMiB} MiB), \`/healthz\` max ${s.slowClients.healthzMaxMs} ms`,
        'resident memory of the server process before and at its peak',
        '–',
        s.n === 5000 ? '≤ 64 MiB growth' : '',
      );
    if (s.junkQueries) {
      const j = s.junkQueries;
      row(
        `Junk queries N=${s.n}`,
        `${j.memory.clients} connections that never read \`/api/trainings?x={i}\`, each its own junk: process tree ${j.memory.baselineMiB} → ${j.memory.peakMiB} MiB (+${j.memory.grewMiB} MiB), \`/healthz\` max ${j.memory.healthzMaxMs} ms; ${j.requests} \`?x={i}\` requests, 5 at a time, in ${j.junkMs.join(', ')} ms`,
        `the same ${j.requests} requests without the junk parameter: ${j.plainMs.join(', ')} ms (rounds taken in turn)`,
        `${j.ratio}× (medians)`,
        s.n === 5000 ? '≤ 64 MiB growth, ≤ 1.2×' : '',
      );
    }
  }
  if (results.scaleOut) {
    const o = results.scaleOut;
    row(
      `Save → live, 2 instances N=${o.n}`,
      `p50 ${o.two.medianMs} ms, p95 ${o.two.p95Ms} ms until both serve the edit (each its own DATA_DIR and its own pinned core, one PostgreSQL)`,
      `one instance on the same database, pinned to one core: p50 ${o.single.medianMs} ms, p95 ${o.single.p95Ms} ms`,
      `${o.p95Ratio}× (p95)`,
      '≤ 1.5×',
    );
  }
  for (const c of results.serving?.comparisons ?? [])
    row(
      `Static ${c.path.startsWith('/training/') ? '/training/{id}' : c.path} N=100`,
      `${c.ours.requestsPerSecond} req/s (median of rounds ${c.oursRounds.join(', ')}), p99 ${c.ours.p99Ms} ms; the app and its static front, both on the one server core`,
      `${results.serving.anchor}: ${c.anchor.requestsPerSecond} req/s (rounds ${c.anchorRounds.join(', ')}), p99 ${c.anchor.p99Ms} ms${c.anchor.non2xx || c.anchor.errors ? ` (${c.anchor.non2xx + c.anchor.errors} errors: not an anchor)` : ''}; load: ${generatorNote(c.ours, c.anchor)}, rounds of one-second slices taken in turn`,
      `${c.anchorRatio ? ratioText(c.anchorRatio) : `${c.ratio}×`}${c.floor ? `; ${c.floorRoundRatio ? ratioText(c.floorRoundRatio) : `${c.floorRatio}×`} the node:http floor (a bare server answering the same response, body and headers, from memory: ${c.floor.requestsPerSecond} req/s, rounds ${c.floorRounds.join(', ')})` : ''}`,
      '≥ 0.5× nginx, ≥ 0.9× the floor',
    );
  for (const c of results.servingWithBeacons?.comparisons ?? []) {
    const without = (results.serving?.comparisons ?? []).find((w: any) => w.path === c.path);
    const b = results.servingWithBeacons.beacons;
    const answers = Object.entries(b.statuses as Record<string, number>)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ');
    const held = (w: any, x: any) => (w && x ? (x.median >= w.min && x.median <= w.max ? 'held' : '**outside**') : '–');
    row(
      `Static ${c.path.startsWith('/training/') ? '/training/{id}' : c.path} N=100, beacons beside`,
      `${c.ours.requestsPerSecond} req/s (rounds ${c.oursRounds.join(', ')}), p99 ${c.ours.p99Ms} ms, while ${b.sent} beacons were posted to \`/api/events\` at ${b.perSecond}/s, each from a client of its own (answers: ${answers || 'none'}; ${b.failed} failed; p99 ${b.p99Ms} ms)`,
      without
        ? `the same rounds without beacons: ${ratioText(without.anchorRatio)} nginx${without.floorRoundRatio ? `, ${ratioText(without.floorRoundRatio)} the floor` : ''}`
        : 'no run without beacons',
      `${ratioText(c.anchorRatio)} nginx${c.floorRoundRatio ? `, ${ratioText(c.floorRoundRatio)} the floor` : ''}`,
      `median within the spread without beacons: nginx ${held(without?.anchorRatio, c.anchorRatio)}, floor ${held(without?.floorRoundRatio, c.floorRoundRatio)}`,
    );
  }
  for (const l of results.listing ?? []) {
    row(
      `Listing N=${l.n}`,
      `/ HTML ${kb(l.home.htmlGzip)}, JS ${kb(l.home.jsGzip)}; ${l.statePages} state pages, largest HTML ${kb(l.largestState?.htmlGzip ?? 0)} (${l.largestState?.path ?? '–'}); API first page ${kb(l.apiPageGzip)} (all gzip)`,
      `the whole list as JSON: ${kb(l.allTrainingsJsonBytes)} raw`,
      '–',
      `HTML ≤ 30 KB, JS ≤ 80 KB, API page ≤ 15 KB${l.overBudget.length ? `: **over: ${l.overBudget.join('; ')}**` : ' (held)'}`,
    );
    for (const lh of l.lighthouse) lighthouseRow(row, lh, `/ N=${l.n}`, '≥ 0.98, TBT ≤ 100 ms, CLS 0');
  }
  const training = results.listing?.[0]?.training;
  if (training)
    row(
      'Weight training page',
      `HTML ${training.html.raw} B (${training.html.gzip} gz), CSS ${training.css.gzip} B gz, JS ${training.js.raw} B`,
      '–',
      '–',
      'no React',
    );
  if (results.lighthouseTraining) lighthouseRow(row, results.lighthouseTraining, 'training page', '1.00, CLS 0');
  for (const lh of results.lighthouseDesktop ?? [])
    lighthouseRow(row, lh, new URL(lh.url).pathname === '/' ? '/' : 'training page', '≥ 0.98, CLS 0');
  for (const [name, api] of [
    ['embedded', results.apiEmbedded],
    ['PostgreSQL', results.apiPostgres],
    ['program facts, embedded', results.apiFacts],
  ] as const) {
    if (!api) continue;
    row(
      `API filter (${name}) N=${api.n ?? 1000}${api.query ? ` \`${api.query.split('?')[1]}\`` : ''}`,
      `${api.filter.requestsPerSecond} req/s, p99 ${api.filter.p99Ms} ms`,
      `in-memory floor ${api.floor.requestsPerSecond} req/s (median round): bare node:http answering the same JSON serialised once, one core; load: ${generatorNote(api.filter, api.floor)}, rounds of one-second slices taken in turn`,
      typeof api.filterToFloor === 'number' ? `${api.filterToFloor}×` : ratioText(api.filterToFloor),
      '≥ 0.5×',
    );
    row(
      `API search (${name}) N=${api.n ?? 1000}`,
      `${api.search.requestsPerSecond} req/s, p99 ${api.search.p99Ms} ms; trigram index leaves ${api.searchRowsExamined} of ${api.rows} rows to check`,
      'the filter query on the same server',
      `${api.searchToFilter}× slower`,
      '≤ 2×',
    );
    if (api.near)
      row(
        `API near me (${name}) N=${api.n} \`${api.near.query.split('?')[1]}\``,
        `${api.near.requestsPerSecond} req/s, p99 ${api.near.p99Ms} ms; ${api.near.rows} trainings in range`,
        'the filter query on the same server',
        `${api.nearToFilter}× slower`,
        '≤ 2×',
      );
    if (api.eligibility)
      row(
        `API "I am a …" (${name}) N=${api.n} \`${api.eligibility.query.split('?')[1]}\``,
        `${api.eligibility.eligibility.requestsPerSecond} req/s, p99 ${api.eligibility.eligibility.p99Ms} ms; ${api.eligibility.matches} trainings kept`,
        `the state filter asked the same way on the same server (\`${api.eligibility.against.split('?')[1]}\`), ${api.eligibility.state.requestsPerSecond} req/s; rounds of one-second slices taken in turn`,
        `${api.eligibility.eligibilityToState}× slower`,
        '≤ 2×',
      );
  }
  const doc = `# Performance

Figures from \`npm run bench\` on ${results.date} (Node ${results.node}${results.quick ? ', quick run' : ''}), on a shared 2-core
machine. Every goal is a ratio against an anchor measured in the same run, and the anchor column
says in one line how that anchor was configured. Raw results: \`bench/results/${path.basename(file)}\`.

| measure | ours | anchor (same run) | ratio | goal |
|---|---|---|---|---|
${rows.join('\n')}
`;
  fs.mkdirSync(path.resolve('docs'), { recursive: true });
  fs.writeFileSync(path.resolve('docs/performance.md'), doc);
  return file;
}

function lighthouseRow(row: (...cells: unknown[]) => void, lh: any, page: string, goal: string): void {
  row(
    `Lighthouse ${lh.formFactor ?? ''} ${page}`,
    lh.error
      ? `not measured: ${lh.error}`
      : `score ${lh.score}, LCP ${lh.lcpMs} ms, TBT ${lh.tbtMs} ms, CLS ${lh.cls}${lh.scores ? ` (median of scores ${lh.scores.join(', ')})` : ''}`,
    'Lighthouse 13 with Debian Chromium, simulated throttling, median of 3 runs',
    '–',
    goal,
  );
}
