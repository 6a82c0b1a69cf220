import atlas from 'us-atlas/states-albers-10m.json';
import { feature } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import type { MultiPolygon, Polygon, Topology } from 'topojson-specification';
import { US_STATES } from '../domain/states';
import { pathData } from './svgPath';

/**
 * The 50 states as SVG paths, from the Census shapes of us-atlas (ISC): already projected with
 * AlbersUsa for a 975 × 610 map, Alaska and Hawaii moved into insets at the lower left.
 * Simplified with the topology (shared borders stay shared, so no gap or overlap opens between
 * states) down to corners that bend by at least MIN_AREA square units, then written in whole
 * units: about 6 KB of gzip for the whole country. Worked out once per process: the publisher renders /map after every
 * change that moves a count, and the shapes never change.
 */
const MIN_AREA = 1;

/** The shapes' bounds with a border for the strokes: the Aleutians reach left of the 975 × 610 frame. */
const [x0, y0, x1, y1] = (atlas as unknown as { bbox: [number, number, number, number] }).bbox.map(Math.round);
export const MAP_BOUNDS = { left: x0! - 2, top: y0! - 2, right: x1! + 2, bottom: y1! + 2 };
export const MAP_VIEW_BOX = `${MAP_BOUNDS.left} ${MAP_BOUNDS.top} ${MAP_BOUNDS.right - MAP_BOUNDS.left} ${MAP_BOUNDS.bottom - MAP_BOUNDS.top}`;

/** What states-albers-10m.json holds under `states`: one polygon or several per state, with its name. */
type State = Polygon<{ name: string }> | MultiPolygon<{ name: string }>;
type StatesTopology = Topology<{ states: { type: 'GeometryCollection'; geometries: State[] } }>;

let shapes: Map<string, string> | undefined;

/** Path data per state code (`CA` → `m…z`), for the 50 states only (no DC). */
export function stateShapes(): Map<string, string> {
  if (shapes) return shapes;
  const topology = simplify(presimplify(atlas as unknown as StatesTopology), MIN_AREA);
  const codeOf = new Map<string, string>(US_STATES.map((s) => [s.name, s.code]));
  const found = new Map<string, string>();
  for (const geometry of topology.objects.states.geometries) {
    const code = geometry.properties && codeOf.get(geometry.properties.name);
    if (!code) continue;
    const shape =
      geometry.type === 'Polygon'
        ? [feature(topology, geometry).geometry.coordinates]
        : feature(topology, geometry).geometry.coordinates;
    found.set(code, pathData(shape));
  }
  return (shapes = found);
}
