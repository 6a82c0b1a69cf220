/**
 * Polygons as one compact SVG path: whole units (a unit is about a pixel of the 975-wide map),
 * relative moves, repeated points left out and rings that round to under a square unit dropped
 * (specks of coast no one could see or click).
 * Rounding each point on its own (not each step) keeps shared borders identical on both sides and
 * keeps errors from adding up along a ring.
 */
export type Ring = readonly (readonly number[])[];

const step = (n: number) => (n < 0 ? `${n}` : ` ${n}`);

/** Twice a ring's area (shoelace), unsigned. */
function doubleArea(points: readonly [number, number][]): number {
  let sum = 0;
  points.forEach(([x, y], i) => {
    const [nx, ny] = points[(i + 1) % points.length]!;
    sum += x * ny - nx * y;
  });
  return Math.abs(sum);
}

export function pathData(polygons: readonly (readonly Ring[])[]): string {
  let d = '';
  // Where the pen is: after `z` it is back at the ring's first point.
  let penX = 0;
  let penY = 0;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      const points: [number, number][] = [];
      for (const [x, y] of ring) {
        const p: [number, number] = [Math.round(x!), Math.round(y!)];
        const last = points.at(-1);
        if (!last || last[0] !== p[0] || last[1] !== p[1]) points.push(p);
      }
      // A closed ring repeats its first point at the end; `z` draws that side.
      const [first] = points;
      const end = points.at(-1);
      if (first && end && points.length > 1 && first[0] === end[0] && first[1] === end[1]) points.pop();
      if (points.length < 3 || doubleArea(points) < 2) continue;
      let x = penX;
      let y = penY;
      let steps = '';
      for (const [px, py] of points) {
        steps += `${step(px - x)}${step(py - y)}`;
        x = px;
        y = py;
      }
      d += `m${steps.trimStart()}z`;
      [penX, penY] = points[0]!;
    }
  }
  return d;
}
