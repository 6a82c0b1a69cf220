import type { ChangeAction } from '../../domain/history/history';

/** How the history lists word an entry. */
export const ACTION_TEXT: Record<ChangeAction, string> = {
  create: 'Created',
  update: 'Updated',
  publish: 'Published',
  unpublish: 'Unpublished',
  photo: 'Changed the photo of',
  delete: 'Deleted',
  confirm: 'Confirmed the details of',
  resolve: 'Closed a problem with',
  verify: 'Checked a credential of',
};

export function formatChangedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
