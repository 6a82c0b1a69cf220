import fs from 'node:fs';
import path from 'node:path';

/** Writes bench/results/<date>.json and the table in docs/performance.md (issue 8). */
/** Which generator produced a pair of figures, and whether it (not the server) was the limit. */
function generatorNote(...figures: any[]): string {
  const wrk = figures.every((f) => f?.generator === 'wrk');
  if (!wrk) return 'autocannon in the bench process';
  const saturated = figures.filter((f) => f.generatorSaturated).length;
  return `wrk -t1 -c50 on its own core${saturated ? `, which saturated in ${saturated} of ${figures.length} runs (the generator was the limit there)` : ', not saturated'}`;
}

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
      `${b.buildMs} ms${b.rounds ? ` (median of ${b.rounds.length})` : ''}, peak ${b.peakMiB} MiB`,
      `plain-script floor ${b.floorMs} ms${b.rounds ? ' (median)' : ''}: same HTML rendered, mkdir + write + rm of the old output`,
      `${b.ratio}×`,
      b.n === 5000 ? '≤ 4×, ≤ 800 MiB' : '',
    );
  for (const s of results.saveToLive ?? [])
    row(
      `Save → live N=${s.n}`,
      `median ${s.medianMs} ms, p95 ${s.p95Ms} ms (${s.rendered} rendered, ${s.restored} restored)`,
      `cold full build ${s.coldBuildMs} ms (astro build, empty cache)`,
      `${s.ratioToColdBuild}×`,
      s.n >= 1000 ? '≤ 0.8×' : '',
    );
  if (results.serving) {
    results.serving.ours.forEach((o: any, i: number) => {
      const n = results.serving.nginx?.[i];
      row(
        `Static ${new URL(o.url).pathname}`,
        `${o.requestsPerSecond} req/s, p99 ${o.p99Ms} ms`,
        n
          ? `nginx ${n.requestsPerSecond} req/s, p99 ${n.p99Ms} ms${n.non2xx || n.errors ? ` (${n.non2xx + n.errors} errors: not an anchor)` : ''}; ${results.serving.anchor ?? 'nginx'}; load: ${generatorNote(o, n)}`
          : 'nginx unavailable',
        results.serving.ratios?.[i] ?? '–',
        '≥ 0.5×',
      );
    });
  }
  for (const [name, api] of [
    ['embedded', results.apiEmbedded],
    ['PostgreSQL', results.apiPostgres],
  ] as const) {
    if (!api) continue;
    row(
      `API filter (${name}) N=1000`,
      `${api.filter.requestsPerSecond} req/s, p99 ${api.filter.p99Ms} ms`,
      `in-memory floor ${api.floor.requestsPerSecond} req/s (bare node:http, the same JSON serialised once, 1 core); load: ${generatorNote(api.filter, api.floor)}`,
      `${api.filterToFloor}×`,
      '≥ 0.5×',
    );
    row(
      `API search (${name}) N=1000`,
      `${api.search.requestsPerSecond} req/s, p99 ${api.search.p99Ms} ms${api.rows ? `; trigram index leaves ${api.searchRowsExamined} of ${api.rows} rows to check` : ''}`,
      `filter query`,
      `${api.searchToFilter}× slower`,
      '≤ 2×',
    );
  }
  if (results.pageWeight) {
    for (const [name, w] of Object.entries(results.pageWeight as Record<string, any>)) {
      row(
        `Weight ${name}`,
        `HTML ${w.html.raw} B (${w.html.gzip} gz), CSS ${w.css.raw} B (${w.css.gzip} gz), JS ${w.js.raw} B (${w.js.gzip} gz)`,
        '–',
        '–',
        name === 'home' ? 'JS ≤ 80 KB gz' : 'no React',
      );
    }
  }
  if (results.pageWeight?.home?.islandPropsBytes !== undefined && results.listingJsonBytes)
    row(
      'Island data home N=100',
      `${results.pageWeight.home.islandPropsBytes} B of island props (the list is static HTML)`,
      `listing as raw JSON ${results.listingJsonBytes} B`,
      `${(results.pageWeight.home.islandPropsBytes / results.listingJsonBytes).toFixed(3)}×`,
      '≤ 1.1×',
    );
  for (const lh of (results.lighthouse as any[] | undefined) ?? []) {
    const page = new URL(lh.url).pathname === '/' ? '/' : 'training page';
    row(
      `Lighthouse ${lh.formFactor ?? ''} ${page}`,
      lh.error
        ? `not measured: ${lh.error}`
        : `score ${lh.score}, LCP ${lh.lcpMs} ms, TBT ${lh.tbtMs} ms, CLS ${lh.cls}${lh.scores ? ` (median of scores ${lh.scores.join(', ')})` : ''}`,
      '–',
      '–',
      page === '/' ? '≥ 0.98 (mobile), CLS 0' : '1.00 (mobile), CLS 0',
    );
  }
  const doc = `# Performance

Figures from \`npm run bench\` on ${results.date} (Node ${results.node}${results.quick ? ', quick run' : ''}). Every goal is a ratio
against an anchor measured in the same run on the same machine (issue 8); reference anchors from
other runs are in ../shared/PERF-ANCHORS.md. Raw results: \`bench/results/${path.basename(file)}\`.

| measure | ours | anchor (same run) | ratio | goal |
|---|---|---|---|---|
${rows.join('\n')}
`;
  fs.mkdirSync(path.resolve('docs'), { recursive: true });
  fs.writeFileSync(path.resolve('docs/performance.md'), doc);
  return file;
}
