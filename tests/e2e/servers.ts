/**
 * The browser tests run on E2E_SERVERS Playwright workers (E2E_WORKERS, 1 unless set), each against
 * a server of its own (globalSetup.ts starts them). One on two cores: with two, each test took 2.5–3
 * times as long (two browsers and two servers on two cores), and the phase gained nothing (1,177 s
 * with two, 1,137 s with one, 161 tests). A worker learns its server from TEST_PARALLEL_INDEX, which Playwright
 * gives each worker process: `useOwnServer` copies that server's address, DATA_DIR and widget into
 * the names the specs read (E2E_BASE_URL, E2E_DATA_DIR, PUBLIC_STATS_WIDGET_URL).
 */
export const E2E_SERVERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);

const PER_SERVER = ['E2E_BASE_URL', 'E2E_DATA_DIR', 'PUBLIC_STATS_WIDGET_URL'] as const;

export function serverVariable(name: (typeof PER_SERVER)[number], index: number): string {
  return `${name}_${index}`;
}

/** In a worker process: point the specs' names at this worker's server. Elsewhere, nothing. */
export function useOwnServer(env: NodeJS.ProcessEnv = process.env): void {
  const index = env.TEST_PARALLEL_INDEX;
  if (index === undefined) return;
  for (const name of PER_SERVER) {
    const value = env[serverVariable(name, Number(index))];
    if (value !== undefined) env[name] = value;
  }
}
