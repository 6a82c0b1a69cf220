import type { ChangeAction } from '../../domain/history/history';
import { memberDateTime } from '../../domain/time/memberDates';

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
  copy: 'Copied to new dates:',
};

export function formatChangedAt(iso: string): string {
  return memberDateTime(iso);
}
