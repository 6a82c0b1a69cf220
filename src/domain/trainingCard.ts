import { DEFAULT_TIME_ZONE } from './timeZones';

/**
 * A training card's projection: only what the card shows. The static render, the island and the
 * API's `fields=card` answer all build it here, so the card cannot drift from the data it is sent.
 */
export interface TrainingCardData {
  id: string;
  title: string;
  price: number;
  startDate: string;
  endDate: string;
  location: string;
  format: string;
  /** The card's dates are the days of the training's own zone. */
  timeZone: string;
  trainer: { name: string; photo: string | null } | null;
}

export function toCardData(t: {
  id: string;
  title: string;
  price: number;
  startDate: string | Date;
  endDate: string | Date;
  location: string;
  format: string;
  timeZone?: string;
  trainer: { name: string; photo: string | null } | null;
}): TrainingCardData {
  const iso = (d: string | Date) => (typeof d === 'string' ? d : d.toISOString());
  return {
    id: t.id,
    title: t.title,
    price: t.price,
    startDate: iso(t.startDate),
    endDate: iso(t.endDate),
    location: t.location,
    format: t.format,
    timeZone: t.timeZone ?? DEFAULT_TIME_ZONE,
    trainer: t.trainer ? { name: t.trainer.name, photo: t.trainer.photo } : null,
  };
}
