import { TEAM_HISTORY } from '../../domain/adminPaths';
import { CHANGE_ACTIONS, HISTORY_KINDS, isActorFilter, type HistoryKind } from '../../domain/history/history';
import { SECURITY_EVENT_TYPES, SECURITY_EVENT_LABELS } from '../../domain/team/securityEvents';
import { ADMIN_PAGE_SIZE } from '../../domain/adminList';
import { ACTION_TEXT } from './changeText';

/** What the History page shows: its filters and page, all in its URL (docs/product.md, "Security log"). */
export interface HistoryPageQuery {
  kind: HistoryKind;
  type: string;
  actor: string;
  page: number;
}

/**
 * The page's query from its URL. A value the page cannot show falls back to its default instead of
 * an error page: an editor sees the records' changes only, a type of the other kind is dropped, and
 * so is a member filter that is neither an email nor an id (the field asks for an email).
 */
export function readHistoryPageQuery(params: URLSearchParams, canReadSecurity: boolean): HistoryPageQuery {
  const askedKind = params.get('kind') as HistoryKind | null;
  const kind: HistoryKind = !canReadSecurity
    ? 'records'
    : askedKind && (HISTORY_KINDS as readonly string[]).includes(askedKind)
      ? askedKind
      : 'all';
  const type = params.get('type') ?? '';
  const fits = typeOptions(kind).some((group) => group.options.some((option) => option.value === type));
  const page = Number(params.get('page'));
  const actor = (params.get('actor') ?? '').trim();
  return {
    kind,
    type: fits ? type : '',
    actor: isActorFilter(actor) ? actor : '',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
  };
}

/** The type filter's choices for a kind, in groups. */
export function typeOptions(kind: HistoryKind) {
  const records = {
    label: 'Record changes',
    options: CHANGE_ACTIONS.map((value) => ({ value, label: ACTION_TEXT[value] })),
  };
  const security = {
    label: 'Security events',
    options: SECURITY_EVENT_TYPES.map((value) => ({ value, label: SECURITY_EVENT_LABELS[value] })),
  };
  return kind === 'records' ? [records] : kind === 'security' ? [security] : [records, security];
}

/** The filters as a query string (only what is set), for the API, the CSV link and the page links. */
function filterParams(query: HistoryPageQuery): URLSearchParams {
  const params = new URLSearchParams({ kind: query.kind });
  if (query.type) params.set('type', query.type);
  if (query.actor) params.set('actor', query.actor);
  return params;
}

export function historyLinks(query: HistoryPageQuery) {
  const filters = filterParams(query);
  const api = new URLSearchParams(filters);
  api.set('limit', String(ADMIN_PAGE_SIZE));
  api.set('page', String(query.page));
  return {
    apiQuery: api.toString(),
    csvHref: `/api/admin/changes.csv?${filters.toString()}`,
    pageHref: (page: number) => {
      const params = new URLSearchParams(filters);
      if (page > 1) params.set('page', String(page));
      return `${TEAM_HISTORY}?${params.toString()}`;
    },
    filtered: Boolean(query.type || query.actor),
  };
}
