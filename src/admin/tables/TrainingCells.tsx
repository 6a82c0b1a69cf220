import { TEAM_LISTING_PROBLEMS, TEAM_TRAININGS } from '../../domain/adminPaths';
import { formatDate, formatPrice } from '../../domain/display';
import { Badge } from '../../ui/Badge';
import { RowActions, rowActionClass } from './AdminTable';
import type { TrainingRow } from '../client/stores';
import Button from '../../ui/Button';
import { trainingPath } from '../../domain/trainingPath';
import { AVAILABILITIES } from '../../domain/parts/availability';
import { AREA_LINKS, type Area } from '../area';
import { StatusBadge } from './StatusBadge';
import { CHANGE_WAITING, isLiveStatus, notApprovedText } from '../../domain/review/listingStatus';

/**
 * One training's cells in Manage Trainings and My trainings: the live values with the one status
 * (domain/review/listingStatus.ts), "Change waiting for review" or "Not approved: reason" beside a live
 * row, "Ended" once its end has passed; "View" opens the public page of a training visitors can see,
 * "Preview" any other one (or a waiting change) as it would go live. Each cell names its column
 * (`data-label`), which a phone shows when the table becomes a list of cards.
 */
export function TrainingCells(props: {
  training: TrainingRow;
  area?: Area;
  onToggle(): void;
  onSoldOut(): void;
  onDelete(): void;
  onCopy(): void;
}) {
  const { training } = props;
  const links = AREA_LINKS[props.area ?? 'team'];
  const availability = training.availability ?? 'open';
  const soldOut = availability === 'sold_out';
  const ended = new Date(training.endDate).getTime() < Date.now();
  const status = training.reviewStatus ?? (training.isPublished ? 'live' : 'draft');
  const isPublic = isLiveStatus(status) && !ended;
  // A waiting change is previewed even while the live page exists: what would go live is what matters.
  const preview = status !== 'live' || !isPublic;
  return (
    <>
      <td data-label="Title" className="min-w-44 px-3 py-3 font-medium">
        {training.title}
        {training.brokenLinks?.map((broken) => (
          <p key={broken.kind} className="mt-1 text-sm font-normal text-red-700">
            {links.teamPages ? (
              <a href={TEAM_LISTING_PROBLEMS} className="underline">
                {broken.text}
              </a>
            ) : (
              broken.text
            )}
          </p>
        ))}
      </td>
      <td data-label="Trainer" className="px-3 py-3">
        {training.trainerName ?? '—'}
      </td>
      <td data-label="Start Date" className="whitespace-nowrap px-3 py-3">
        {formatDate(training.startDate)}
      </td>
      <td data-label="Format" className="px-3 py-3">
        <Badge>{training.format}</Badge>
      </td>
      <td data-label="Price" className="whitespace-nowrap px-3 py-3">
        {formatPrice(training.price)}
      </td>
      <td data-label="Status" className="px-3 py-3">
        <div className="flex flex-col items-start gap-1">
          <StatusBadge status={status} />
          {status === 'live_pending' && <span className="text-sm text-amber-900">{CHANGE_WAITING}</span>}
          {status === 'live' && training.rejectedReason !== undefined && (
            <span className="text-sm text-red-800">{notApprovedText(training.rejectedReason)}</span>
          )}
          {status === 'rejected' && (
            <span className="text-sm text-red-800">{notApprovedText(training.rejectedReason)}</span>
          )}
          {ended && <Badge tone="red">Ended</Badge>}
        </div>
      </td>
      <td data-label="Availability" className="px-3 py-3">
        <Badge tone={availability === 'open' ? 'green' : availability === 'few_seats' ? 'amber' : 'red'}>
          {AVAILABILITIES.find((a) => a.value === availability)?.label ?? availability}
          {availability === 'few_seats' && training.seatsLeft != null ? ` (${training.seatsLeft})` : ''}
        </Badge>
      </td>
      <RowActions editHref={`${links.trainings}/${training.id}`} name={training.title} onDelete={props.onDelete}>
        <Button
          variant="secondary"
          size="sm"
          className="whitespace-nowrap"
          role="switch"
          aria-checked={training.isPublished}
          aria-label={`Published: ${training.title}`}
          onClick={props.onToggle}
        >
          {training.isPublished ? 'Unpublish' : 'Publish'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="whitespace-nowrap"
          role="switch"
          aria-checked={soldOut}
          aria-label={`Sold out: ${training.title}`}
          onClick={props.onSoldOut}
        >
          {soldOut ? 'Mark open' : 'Mark sold out'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="whitespace-nowrap"
          aria-label={`Copy to new dates: ${training.title}`}
          onClick={props.onCopy}
        >
          Copy
        </Button>
        {isPublic && (
          <a href={trainingPath(training.id)} className={rowActionClass} aria-label={`View ${training.title}`}>
            View
          </a>
        )}
        {preview && (
          <a
            href={`${links.teamPages ? TEAM_TRAININGS : links.trainings}/${training.id}/preview`}
            className={rowActionClass}
            aria-label={`Preview ${training.title}`}
          >
            Preview
          </a>
        )}
      </RowActions>
    </>
  );
}
