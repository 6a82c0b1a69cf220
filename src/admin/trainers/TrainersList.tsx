import { newTrainerPath, TEAM_HOME, TEAM_TRAINERS } from '../../domain/adminPaths';
import { TRAINER_KIND, TRAINERS_KEY, TRAININGS_KEY, type TrainerRow } from '../client/stores';
import { usePage } from '../client/pagedList';
import { DEFAULT_TRAINER_SORT, type TrainerListQuery } from '../../domain/adminList';
import { ListToolbar, Pagination } from '../tables/ListToolbar';
import { listLinks } from '../tables/listLinks';
import { Badge } from '../../ui/Badge';
import { useDeleteRecord } from '../client/editRecord';
import { AdminToaster } from '../client/notify';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import AdminTable, { RowActions } from '../tables/AdminTable';
import BackLink from '../../ui/BackLink';

const MAX_BADGES = 3;
const PATH = TEAM_TRAINERS;
const COLUMNS = [
  { label: 'Name', sortKey: 'name' },
  { label: 'Credentials' },
  { label: 'States Served' },
  { label: 'Actions' },
];

function StateBadges({ states }: { states: string[] }) {
  if (states.length === 0) return <span aria-label="None">-</span>;
  return (
    <span className="flex flex-wrap gap-1 lg:flex-nowrap">
      {states.slice(0, MAX_BADGES).map((code) => (
        <Badge key={code} tone="brand">
          {code}
        </Badge>
      ))}
      {states.length > MAX_BADGES && <Badge>+{states.length - MAX_BADGES}</Badge>}
    </span>
  );
}

/** Trainer list: search, sort by name, pages of 50, badges, loading and empty states, delete dialog. */
export default function TrainersList({ query }: { query: TrainerListQuery }) {
  const links = listLinks(PATH, query, DEFAULT_TRAINER_SORT);
  const { data, loading, error } = usePage<TrainerRow>(TRAINERS_KEY, links.apiQuery);
  const { doomed, setDoomed, busy, remove } = useDeleteRecord<TrainerRow>(TRAINER_KIND, [TRAININGS_KEY]);

  return (
    <div className="flex flex-col gap-6">
      <AdminToaster />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <BackLink href={TEAM_HOME} label="Back to the dashboard" />
          <h1 className="mt-2 text-2xl font-bold">Trainers</h1>
        </div>
        <a
          href={newTrainerPath}
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          Add Trainer
        </a>
      </div>
      <ListToolbar
        action={PATH}
        searchLabel="Search trainers"
        search={query.search ?? ''}
        sort={query.sort}
        clearHref={links.clearHref}
      />
      <AdminTable
        rows={data?.rows}
        loading={loading}
        error={error}
        loadingText="Loading trainers..."
        emptyText="No trainers yet"
        emptyAction={{ href: newTrainerPath, label: 'Add Your First Trainer' }}
        filtered={links.clearHref ? { text: 'No trainers match', clearHref: links.clearHref } : null}
        columns={COLUMNS}
        sort={links.sort}
        sortHref={links.sortHref}
        row={(trainer) => (
          <>
            <td className="px-4 py-3 font-medium">{trainer.name}</td>
            <td className="px-4 py-3">{trainer.credentials ?? ''}</td>
            <td className="px-4 py-3">
              <StateBadges states={trainer.statesServed} />
            </td>
            <RowActions
              editHref={`${TEAM_TRAINERS}/${trainer.id}`}
              name={trainer.name}
              onDelete={() => setDoomed(trainer)}
            />
          </>
        )}
      />
      {data && data.rows.length > 0 && (
        <Pagination page={data.page} pages={data.pages} total={data.total} noun="trainers" href={links.pageHref} />
      )}
      <ConfirmDialog
        open={doomed !== null}
        title="Delete Trainer?"
        message={`Are you sure you want to delete ${doomed?.name ?? ''}? This will also delete all associated trainings. This action cannot be undone.`}
        busy={busy}
        onCancel={() => setDoomed(null)}
        onConfirm={remove}
      />
    </div>
  );
}
