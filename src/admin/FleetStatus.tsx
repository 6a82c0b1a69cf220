import { useEffect, useState } from 'react';
import { api } from './api';

/** One entry of `instances` in GET /api/admin/site-status. */
interface Instance {
  instanceId: string;
  hostname: string;
  address: string | null;
  startedAt: string;
  lastSeenAt: string;
  state: 'idle' | 'queued' | 'building';
  current: boolean;
  lastPublishedAt: string | null;
  lastError: string | null;
}

function describe(instance: Instance): { text: string; tone: string } {
  if (instance.lastError && !instance.current) return { text: 'Failing', tone: 'text-red-700' };
  if (instance.state === 'building') return { text: 'Building its copy…', tone: 'text-slate-700' };
  if (!instance.current) return { text: 'Behind', tone: 'text-amber-800' };
  return { text: 'Serving the newest change', tone: 'text-green-800' };
}

/**
 * The running instances and whether each serves the newest change: with several machines on one
 * database, one of them can be behind or failing while the others are fine. Instances that stopped
 * reporting drop off by themselves.
 */
export default function FleetStatus() {
  const [instances, setInstances] = useState<Instance[] | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const load = async () => {
      try {
        const status = await api<{ instances?: Instance[] }>('GET', '/api/admin/site-status');
        if (stopped) return;
        setInstances(status.instances ?? []);
        const busy = (status.instances ?? []).some((i) => !i.current);
        timer = setTimeout(load, busy ? 3_000 : 15_000);
      } catch {
        timer = setTimeout(load, 15_000);
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return (
    <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="fleet-title">
      <h2 id="fleet-title" className="mb-2 text-lg font-semibold">
        Instances
      </h2>
      {instances === null ? (
        <p>Loading...</p>
      ) : instances.length === 0 ? (
        <p className="text-sm text-slate-700">No instance has reported in yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {instances.map((instance) => {
            const { text, tone } = describe(instance);
            return (
              <li key={instance.instanceId} className="text-sm">
                <span className="font-medium">{instance.address ?? instance.hostname}</span>{' '}
                <span className="text-slate-700">({instance.hostname})</span>: <span className={tone}>{text}</span>
                {instance.lastPublishedAt && (
                  <span className="text-slate-700">
                    , last published {new Date(instance.lastPublishedAt).toLocaleString('en-US')}
                  </span>
                )}
                {instance.lastError && !instance.current && (
                  <p className="whitespace-pre-wrap text-red-700">{instance.lastError.split('\n')[0]}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
