import { useEffect, useState } from 'react';
import { FALLBACK_STATS, STATS_FAILURE_MESSAGE, STATS_REFRESH_MS, mergeStats, type Stats } from '../../domain/stats';
import { formatNumber } from '../../domain/display';

const LABELS: [keyof Stats, string][] = [
  ['last30UniqueCustomers', 'Joined in Last 30 Days'],
  ['totalLifetimeUsers', 'Total Clinicians'],
  ['totalEnrollments', 'Course Enrollments'],
];

/**
 * 'LIVE ENROLLMENT DATA' (docs/product.md): fallback numbers at first paint; with a widget URL,
 * `${url}/api/widget-data` on load and every 30 s, keeping fallbacks on failure or zero values.
 */
export default function StatsBanner({ widgetUrl }: { widgetUrl: string }) {
  const [stats, setStats] = useState<Stats>(FALLBACK_STATS);

  useEffect(() => {
    if (!widgetUrl) return;
    let cancelled = false;
    const load = async () => {
      try {
        const response = await fetch(`${widgetUrl}/api/widget-data`);
        if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
        const reply: unknown = await response.json();
        if (!cancelled) setStats(mergeStats(reply));
      } catch {
        console.warn(STATS_FAILURE_MESSAGE);
      }
    };
    void load();
    const timer = window.setInterval(() => void load(), STATS_REFRESH_MS);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [widgetUrl]);

  return (
    <section aria-labelledby="stats-heading" className="stats-banner">
      <div className="mx-auto max-w-7xl px-4">
        <h2 id="stats-heading">LIVE ENROLLMENT DATA</h2>
        <dl>
          {LABELS.map(([key, label]) => (
            <div key={key} className="flex flex-col-reverse">
              <dt>{label}</dt>
              <dd data-testid={`stat-${key}`}>{formatNumber(stats[key])}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
