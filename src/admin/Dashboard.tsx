import { newTrainerPath, newTrainingPath, PARTNER_PITCH, TEAM_TRAINERS, TEAM_TRAININGS } from '../domain/adminPaths';
import { useStore } from '@nanostores/react';
import { $trainers, $trainings } from './client/stores';
import { AdminToaster } from './client/notify';
import { $siteStatus } from './siteStatus';
import RecentChanges from './history/RecentChanges';
import FleetStatus from './FleetStatus';
import { memberDateTimeOr } from '../domain/time/memberDates';

const STATE_TEXT = { idle: 'Up to date', queued: 'Changes waiting to be published', building: 'Publishing…' } as const;

/** The site's publish status, refreshed every 2 s while a build is pending. */
function PublishStatus() {
  const status = useStore($siteStatus);
  if (!status) return <p>Loading...</p>;
  return (
    <div role="status">
      <p className="font-medium">{STATE_TEXT[status.state]}</p>
      <p className="text-sm text-slate-700">Last published: {memberDateTimeOr(status.lastPublishedAt, 'never')}</p>
      {status.lastError && (
        <p className="mt-2 whitespace-pre-wrap text-sm text-red-700">Last error: {status.lastError}</p>
      )}
    </div>
  );
}

function CountCard(props: { title: string; count: number | undefined; list: string; add: string }) {
  return (
    <section className="rounded-lg bg-white p-6 shadow" aria-labelledby={`${props.list}-title`}>
      <h2 id={`${props.list}-title`} className="text-lg font-semibold">
        {props.title}
      </h2>
      <p className="my-2 text-3xl font-bold">{props.count ?? '…'}</p>
      <div className="flex gap-3">
        <a className="rounded-md border border-slate-400 px-3 py-1.5 hover:bg-slate-100" href={props.list}>
          View All
        </a>
        <a className="rounded-md bg-brand-700 px-3 py-1.5 text-white hover:bg-brand-800" href={props.add}>
          Add New
        </a>
      </div>
    </section>
  );
}

/** Admin dashboard (docs/product.md). */
export default function Dashboard({ email }: { email: string }) {
  const trainers = useStore($trainers);
  const trainings = useStore($trainings);

  return (
    <div className="flex flex-col gap-6">
      <AdminToaster />
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          <p className="text-slate-700">
            Logged in as <strong>{email}</strong>
          </p>
        </div>
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        <CountCard title="Trainers" count={trainers.data?.length} list={TEAM_TRAINERS} add={newTrainerPath} />
        <CountCard title="Trainings" count={trainings.data?.length} list={TEAM_TRAININGS} add={newTrainingPath} />
      </div>
      <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="status-title">
        <h2 id="status-title" className="mb-2 text-lg font-semibold">
          Public site
        </h2>
        <PublishStatus />
      </section>
      <FleetStatus />
      <RecentChanges />
      <section className="rounded-lg bg-white p-6 shadow" aria-labelledby="quick-title">
        <h2 id="quick-title" className="mb-2 text-lg font-semibold">
          Quick Actions
        </h2>
        <ul className="flex flex-wrap gap-3">
          <li>
            <a className="text-brand-800 underline" href="/">
              View Public Site
            </a>
          </li>
          <li>
            <a className="text-brand-800 underline" href={TEAM_TRAINERS}>
              Manage Trainers
            </a>
          </li>
          <li>
            <a className="text-brand-800 underline" href={TEAM_TRAININGS}>
              Manage Trainings
            </a>
          </li>
          <li>
            <a className="text-brand-800 underline" href={PARTNER_PITCH}>
              Partner Program
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
