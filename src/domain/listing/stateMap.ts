/**
 * The map of the states (docs/product.md, Map): its address, the words each state says and the
 * shade steps of its legend. Fixed steps, not steps scaled to the busiest state: a state's colour
 * then means the same number on every publish, and a new training elsewhere recolours nothing.
 */
export const MAP_PATH = '/map';

export const trainingsText = (count: number) => (count === 1 ? '1 training' : `${count} trainings`);

/** A state's name with its count: the shape's `<title>` and the line of the text list. */
export const stateCountText = (name: string, count: number) => `${name}: ${trainingsText(count)}`;

/** The legend from lightest to darkest: the lowest count of each step and what it says. */
export const SHADE_STEPS = [
  { min: 0, label: 'None' },
  { min: 1, label: '1–2' },
  { min: 3, label: '3–5' },
  { min: 6, label: '6–10' },
  { min: 11, label: '11 or more' },
] as const;

/** The step of a count: 0 for none up to SHADE_STEPS.length − 1. */
export function shadeStep(count: number): number {
  let step = 0;
  SHADE_STEPS.forEach((s, i) => {
    if (count >= s.min) step = i;
  });
  return step;
}
