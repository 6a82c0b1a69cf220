import { TEAM_HISTORY, TEAM_HOME, TEAM_TRAINERS, TEAM_TRAININGS, TEAM_CONSULTATIONS } from '../../domain/adminPaths';
import { usePage } from '../client/pagedList';
import { Pagination } from '../tables/ListToolbar';
import { ACTION_TEXT, formatChangedAt } from './changeText';
import { historyLinks, typeOptions, type HistoryPageQuery } from './historyLinks';
import AdminTable from '../tables/AdminTable';
import Button from '../../ui/Button';
import { inputClass } from '../../ui/Field';
import {
  isSecurityEntry,
  recordLabel,
  changedFields,
  decisionText,
  type HistoryEntry,
} from '../../domain/history/history';
import { SECURITY_EVENT_LABELS } from '../../domain/team/securityEvents';

const EDIT_PATH = {
  trainer: `${TEAM_TRAINERS}/`,
  training: `${TEAM_TRAININGS}/`,
  offering: `${TEAM_CONSULTATIONS}/`,
} as const;
const KIND_LABELS = { all: 'Everything', records: 'Record changes', security: 'Security events' } as const;

const submitOnChange = (event: React.ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();

/** What an entry did, in words: a security event's label and whom it was about, or the record's change. */
function What({ entry }: { entry: HistoryEntry }) {
  if (isSecurityEntry(entry))
    return (
      <>
        <strong>{SECURITY_EVENT_LABELS[entry.type] ?? entry.type}</strong>
        {entry.subject && <> · {entry.subject.email}</>}
      </>
    );
  const label = recordLabel(entry);
  return (
    <>
      {ACTION_TEXT[entry.action]} {entry.entityType}{' '}
      {entry.action === 'delete' ? (
        <strong>{label}</strong>
      ) : (
        <a className="text-brand-800 underline" href={`${EDIT_PATH[entry.entityType]}${entry.entityId}`}>
          {label}
        </a>
      )}
    </>
  );
}

function details(entry: HistoryEntry): string {
  if (isSecurityEntry(entry))
    return Object.entries(entry.detail ?? {})
      .map(([key, value]) => `${key}: ${String(value)}`)
      .join(', ');
  return entry.action === 'update' ? changedFields(entry).join(', ') : decisionText(entry);
}

/**
 * The History page (docs/product.md, "Security log"): every record change and, for the owner and
 * admins, every security event, newest first; filtered by kind, type and member (a plain GET form,
 * so the filters live in the URL), in pages, with the same filters as a CSV download.
 */
export default function HistoryLog(props: { query: HistoryPageQuery; canReadSecurity: boolean; members: string[] }) {
  const { query } = props;
  const links = historyLinks(query);
  const { data, loading, error } = usePage<HistoryEntry>('/api/admin/changes', links.apiQuery);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">History</h1>
      <form
        method="get"
        action={TEAM_HISTORY}
        role="search"
        aria-label="Filter the history"
        className="flex flex-wrap items-end gap-3"
      >
        {props.canReadSecurity && (
          <div className="flex flex-col gap-1">
            <label htmlFor="history-kind" className="text-sm font-medium text-slate-800">
              Show
            </label>
            <select
              id="history-kind"
              name="kind"
              defaultValue={query.kind}
              className={inputClass}
              onChange={submitOnChange}
            >
              {Object.entries(KIND_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor="history-type" className="text-sm font-medium text-slate-800">
            Type
          </label>
          <select
            id="history-type"
            name="type"
            defaultValue={query.type}
            className={inputClass}
            onChange={submitOnChange}
          >
            <option value="">All types</option>
            {typeOptions(query.kind).map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div className="flex min-w-56 flex-col gap-1">
          <label htmlFor="history-actor" className="text-sm font-medium text-slate-800">
            Member (email)
          </label>
          <input
            id="history-actor"
            name="actor"
            type="email"
            list="history-members"
            defaultValue={query.actor}
            className={inputClass}
          />
          <datalist id="history-members">
            {props.members.map((email) => (
              <option key={email} value={email} />
            ))}
          </datalist>
        </div>
        <Button type="submit">Filter</Button>
        {links.filtered && (
          <a href={`${TEAM_HISTORY}?kind=${query.kind}`} className="px-2 py-2 text-brand-800 underline">
            Clear
          </a>
        )}
        <a href={links.csvHref} download className="ml-auto px-2 py-2 text-brand-800 underline">
          Download CSV
        </a>
      </form>
      <AdminTable<HistoryEntry>
        rows={data?.rows}
        loading={loading}
        error={error}
        loadingText="Loading the history..."
        emptyText="Nothing recorded yet."
        emptyAction={{ href: TEAM_HOME, label: 'Back to the dashboard' }}
        filtered={
          links.filtered
            ? { text: 'No entries match these filters.', clearHref: `${TEAM_HISTORY}?kind=${query.kind}` }
            : null
        }
        columns={[{ label: 'When' }, { label: 'Who' }, { label: 'What' }, { label: 'Address' }, { label: 'Details' }]}
        row={(entry) => (
          <>
            <td className="px-4 py-2 text-sm whitespace-nowrap">
              <time dateTime={entry.changedAt}>{formatChangedAt(entry.changedAt)}</time>
            </td>
            <td className="px-4 py-2 text-sm">{entry.adminEmail}</td>
            <td className="px-4 py-2 text-sm">
              <What entry={entry} />
            </td>
            <td className="px-4 py-2 text-sm">{isSecurityEntry(entry) ? (entry.clientAddress ?? '') : ''}</td>
            <td className="px-4 py-2 text-sm">{details(entry)}</td>
          </>
        )}
      />
      {data && data.total > 0 && (
        <Pagination
          page={query.page}
          pages={data.pages}
          total={data.total}
          noun={data.total === 1 ? 'entry' : 'entries'}
          href={links.pageHref}
        />
      )}
    </div>
  );
}
