import { useStore } from '@nanostores/react';
import type { InstanceStatus } from '../domain/siteStatus';
import { $siteStatus } from './siteStatus';
import { memberDateTime } from '../domain/time/memberDates';

function describe(instance: InstanceStatus): { text: string; tone: string } {
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
  const instances = useStore($siteStatus)?.instances ?? null;

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
                  <span className="text-slate-700">, last published {memberDateTime(instance.lastPublishedAt)}</span>
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
