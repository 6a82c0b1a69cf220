import type { StateCode } from '../states';
import { MAINLAND_ZONES, timeZoneLabel, zoneForState, type TimeZoneId } from './timeZones';

/**
 * The admin form's note for states that span two zones. Apart from timeZones.ts because only the
 * admin shows it: a module shared with the public islands would ship these sentences to every
 * visitor's phone.
 */
const { ET, CT, MT, PT } = MAINLAND_ZONES;

/** States whose default may be wrong for a training: the other zone and where it applies. */
export const SPLIT_STATES: Partial<Record<StateCode, { other: TimeZoneId; where: string }>> = {
  AK: { other: 'America/Adak', where: 'the western Aleutian Islands' },
  AZ: { other: MT, where: 'the Navajo Nation, which observes daylight saving time' },
  FL: { other: CT, where: 'the western Panhandle' },
  ID: { other: PT, where: 'the northern Panhandle' },
  IN: { other: CT, where: 'the northwest and southwest corners' },
  KS: { other: MT, where: 'four western counties' },
  KY: { other: CT, where: 'the western half' },
  MI: { other: CT, where: 'four Upper Peninsula counties' },
  NE: { other: MT, where: 'the western Panhandle' },
  NV: { other: MT, where: 'West Wendover' },
  ND: { other: MT, where: 'the southwest' },
  OR: { other: MT, where: 'most of Malheur County' },
  SD: { other: MT, where: 'the western half' },
  TN: { other: ET, where: 'East Tennessee' },
  TX: { other: MT, where: 'El Paso and Hudspeth counties' },
};

/** The form's note for a state spanning two zones, e.g. Florida; null for the others. */
export function splitStateNote(state: string | null | undefined): string | null {
  const split = state ? SPLIT_STATES[state as StateCode] : undefined;
  if (!split) return null;
  const main = timeZoneLabel(zoneForState(state));
  return `This state spans two time zones. The default is ${main}, where most of its people live; choose ${timeZoneLabel(split.other)} for ${split.where}.`;
}
