import * as history from '../data/history';
import type { ChangesQuery } from '../domain/history';

/** `GET /api/admin/changes`: one page of the history, newest first, with the total for paging. */
export function listChanges(query: ChangesQuery) {
  return history.list(query);
}
