import { TEAM_LISTING_PROBLEMS, TEAM_TRAININGS } from '../../domain/adminPaths';
import { formatDate, formatPrice } from '../../domain/display';
import { Badge } from '../../ui/Badge';
import { RowActions, rowActionClass } from './AdminTable';
import type { TrainingRow } from '../client/stores';
import Button from '../../ui/Button';
import { trainingPath } from '../../domain/trainingPath';
import { AVAILABILITIES } from '../../domain/parts/availability';
import { AREA_LINKS, type Area } from '../area';

/**
 * One training's cells in Manage Trainings: "Ended" once its end has passed; "View" opens the public
 * page of a training visitors can see, "Preview" shows any other one as it would be published.
 */
export function TrainingCells(props: {
  training: TrainingRow;
  area?: Area;
  onToggle(): void;
  onSoldOut(): void;
  onDelete(): void;
}) {
  const { training } = props;
  const links = AREA_LINKS[props.area ?? 'team'];
  const availability = training.availability ?? 'open';
  const soldOut = availability === 'sold_out';
  const ended = new Date(training.endDate).getTime() < Date.now();
  const isPublic = training.isPublished && !ended;
  return (
    <>
      <td className="px-4 py-3 font-medium">
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
      <td className="whitespace-nowrap px-4 py-3">{formatDate(training.startDate)}</td>
      <td className="px-4 py-3">
        <Badge>{training.format}</Badge>
      </td>
      <td className="whitespace-nowrap px-4 py-3">{formatPrice(training.price)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-1 lg:flex-nowrap">
          {training.isPublished ? <Badge tone="green">Published</Badge> : <Badge tone="amber">Draft</Badge>}
          {ended && <Badge tone="red">Ended</Badge>}
        </div>
      </td>
      <td className="px-4 py-3">
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
        {isPublic ? (
          <a href={trainingPath(training.id)} className={rowActionClass} aria-label={`View ${training.title}`}>
            View
          </a>
        ) : links.teamPages ? (
          <a
            href={`${TEAM_TRAININGS}/${training.id}/preview`}
            className={rowActionClass}
            aria-label={`Preview ${training.title}`}
          >
            Preview
          </a>
        ) : null}
      </RowActions>
    </>
  );
}
