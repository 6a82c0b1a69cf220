import { toWallClock } from '../../domain/time/zonedTime';

/**
 * `<input type="datetime-local">` holds 'YYYY-MM-DDTHH:mm' with no zone. The training form reads it
 * on the clock of the training's own zone, never the admin's browser zone: a stored instant is shown
 * as that zone's wall-clock time, and the schema turns the text back into the same instant.
 */
export function toLocalInput(iso: string | null | undefined, timeZone: string): string {
  return toWallClock(iso, timeZone);
}
