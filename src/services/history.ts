import * as admins from '../data/signIn/admins';
import * as history from '../data/history';
import type { ChangesExport, ChangesQuery } from '../domain/history/history';

/** `GET /api/admin/changes`: one page of the history, newest first, with the total for paging. */
export function listChanges(query: ChangesQuery) {
  return history.list(query);
}

/** `GET /api/admin/changes.csv`: every matching entry, newest first, a batch at a time. */
export function exportChanges(filters: ChangesExport) {
  return history.batches(filters);
}

/** The History page's member filter suggests the team's emails. */
export function memberEmails() {
  return admins.emails();
}
