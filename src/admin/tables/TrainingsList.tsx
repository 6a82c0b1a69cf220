import { useState } from 'react';
import { CopyDialog } from './CopyDialog';
import { api, isStale } from '../client/api';
import { etagFor } from '../../domain/etag';
import { TRAININGS_KEY, invalidateKeys, type TrainingRow } from '../client/stores';
import { usePage } from '../client/pagedList';
import { SENT_FOR_REVIEW, useDeleteRecord, type Reviewed } from '../client/editRecord';
import { AdminToaster, notify } from '../client/notify';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DEFAULT_TRAINING_SORT, TRAINING_STATUSES, type TrainingListQuery } from '../../domain/adminList';
import { FORMATS } from '../../domain/formats';
import AdminTable from './AdminTable';
import { TrainingCells } from './TrainingCells';
import { FilterSelect, ListToolbar, Pagination } from './ListToolbar';
import { listLinks } from './listLinks';
import { AREA_LINKS, trainingKindOf, type Area } from '../area';

const COLUMNS = [
  { label: 'Title', sortKey: 'title' },
  { label: 'Trainer' },
  { label: 'Start Date', sortKey: 'startDate' },
  { label: 'Format' },
  { label: 'Price', sortKey: 'price' },
  { label: 'Status' },
  { label: 'Availability' },
  { label: 'Actions' },
];
const FORMAT_OPTIONS = FORMATS.map((f) => ({ value: f, label: f }));

/** Manage trainings: search, filters, sortable columns, pages of 50, publish toggle, sold-out toggle, delete. */
export default function TrainingsList({ query, area = 'team' }: { query: TrainingListQuery; area?: Area }) {
  const PATH = AREA_LINKS[area].trainings;
  const home = AREA_LINKS[area].home;
  const links = listLinks(PATH, query, DEFAULT_TRAINING_SORT);
  const { data, loading, error } = usePage<TrainingRow>(TRAININGS_KEY, links.apiQuery);
  const { doomed, setDoomed, busy, remove } = useDeleteRecord<TrainingRow>(trainingKindOf(area));
  const [copying, setCopying] = useState<TrainingRow | null>(null);

  const toggle = async (training: TrainingRow) => {
    try {
      // Only the version this row shows: a toggle from a stale list must not undo someone's change.
      const ifMatch = { 'if-match': etagFor(training.updatedAt) };
      const answer = await api<Reviewed>(
        'PATCH',
        `/api/admin/trainings/${training.id}`,
        { isPublished: !training.isPublished },
        ifMatch,
      );
      invalidateKeys(TRAININGS_KEY);
      notify.success(answer?.reviewStatus === 'pending' ? SENT_FOR_REVIEW : 'Training status updated');
    } catch (error) {
      // The row then shows the current status.
      if (isStale(error)) invalidateKeys(TRAININGS_KEY);
      notify.error('Failed to update training status');
    }
  };

  // The quick action: sold out, or open again. Same version check, publish and history as any edit.
  const setAvailability = async (training: TrainingRow, availability: 'sold_out' | 'open') => {
    try {
      const ifMatch = { 'if-match': etagFor(training.updatedAt) };
      const answer = await api<Reviewed>('PATCH', `/api/admin/trainings/${training.id}`, { availability }, ifMatch);
      invalidateKeys(TRAININGS_KEY);
      // A partner's re-opening waits for review (docs/product.md, Review queue).
      notify.success(answer?.reviewStatus === 'pending' ? SENT_FOR_REVIEW : 'Training availability updated');
    } catch (error) {
      if (isStale(error)) invalidateKeys(TRAININGS_KEY);
      notify.error('Failed to update training availability');
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <AdminToaster />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          {home && (
            <a href={home} className="text-brand-800 underline">
              ← Back to Dashboard
            </a>
          )}
          <h1 className="mt-2 text-2xl font-bold">{home ? 'Manage Trainings' : 'My trainings'}</h1>
          <p className="text-slate-700">Add, edit, publish, or remove EMDR trainings</p>
        </div>
        <a href={`${PATH}/new`} className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          Add Training
        </a>
      </div>
      <ListToolbar
        action={PATH}
        searchLabel="Search trainings"
        search={query.search ?? ''}
        sort={query.sort}
        clearHref={links.clearHref}
      >
        <FilterSelect
          name="status"
          label="Status"
          value={query.status ?? ''}
          allLabel="All statuses"
          options={TRAINING_STATUSES}
        />
        <FilterSelect
          name="format"
          label="Format"
          value={query.format ?? ''}
          allLabel="All formats"
          options={FORMAT_OPTIONS}
        />
      </ListToolbar>
      <AdminTable
        rows={data?.rows}
        loading={loading}
        error={error}
        loadingText="Loading trainings..."
        emptyText="No trainings yet"
        emptyAction={{ href: `${PATH}/new`, label: 'Add Your First Training' }}
        filtered={links.clearHref ? { text: 'No trainings match', clearHref: links.clearHref } : null}
        columns={COLUMNS}
        cards
        sort={links.sort}
        sortHref={links.sortHref}
        row={(training) => (
          <TrainingCells
            training={training}
            area={area}
            onToggle={() => toggle(training)}
            onSoldOut={() => setAvailability(training, training.availability === 'sold_out' ? 'open' : 'sold_out')}
            onDelete={() => setDoomed(training)}
            onCopy={() => setCopying(training)}
          />
        )}
      />
      {data && data.rows.length > 0 && (
        <Pagination page={data.page} pages={data.pages} total={data.total} noun="trainings" href={links.pageHref} />
      )}
      <CopyDialog training={copying} formHref={PATH} onClose={() => setCopying(null)} />
      <ConfirmDialog
        open={doomed !== null}
        title="Delete Training?"
        message={`Are you sure you want to delete "${doomed?.title ?? ''}"? This action cannot be undone.`}
        busy={busy}
        onCancel={() => setDoomed(null)}
        onConfirm={remove}
      />
    </div>
  );
}
