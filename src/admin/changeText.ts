import type { ChangeAction } from '../domain/history';

/** How the history lists word an entry. */
export const ACTION_TEXT: Record<ChangeAction, string> = {
  create: 'Created',
  update: 'Updated',
  publish: 'Published',
  unpublish: 'Unpublished',
  photo: 'Changed the photo of',
  delete: 'Deleted',
};

export function formatChangedAt(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
