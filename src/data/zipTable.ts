import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { POSTAL_CODE, type Position } from '../domain/nearMe/nearby';

/**
 * The ZIP code table, read like a repository: US ZIP codes to a position and a place name, from the
 * `zipcodes` package's bundled table (BSD licence; Census ZIP centroids with their post office's
 * city). No network at run time. Server only: the table is about 5 MB and never goes to a browser.
 */
export interface ZipPlace extends Position {
  /** "Sacramento, CA": what the admin form shows under the ZIP code. */
  place: string;
}

interface Row {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/**
 * The table as it is kept for the life of the process: the codes in order as numbers (every code has
 * five digits, so the number is unique), with their positions and place names beside them. As a Map
 * of the parsed rows it held about 9 MiB of heap; this is about 1.5 MiB.
 */
interface Table {
  codes: Int32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  placeOf: Uint32Array;
  places: string[];
}

let table: Promise<Table> | null = null;

/**
 * Loaded once, at start-up (preloadZipTable) or on first use. The file is `exports.codes = {…JSON…};` then a state map: parsing the
 * JSON takes about 150 ms where requiring the module takes 700, and the package's index would also
 * load a Canadian table this product has no use for. Resolved from the project (process.cwd()), as
 * bundled modules must not read files relative to themselves (docs/architecture.md).
 */
async function load(): Promise<Table> {
  const file = createRequire(path.join(process.cwd(), 'package.json')).resolve('zipcodes/lib/codes.js');
  const [first] = (await readFile(file, 'utf8')).split('\n', 1);
  const json = first!.slice(first!.indexOf('{'), first!.lastIndexOf('}') + 1);
  const rows = Object.values(JSON.parse(json) as Record<string, Row>)
    .filter((row) => POSTAL_CODE.test(row.zip))
    .sort((a, b) => Number(a.zip) - Number(b.zip));
  const places = new Map<string, number>();
  const kept: Table = {
    codes: Int32Array.from(rows, (row) => Number(row.zip)),
    latitude: Float64Array.from(rows, (row) => row.latitude),
    longitude: Float64Array.from(rows, (row) => row.longitude),
    placeOf: new Uint32Array(rows.length),
    places: [],
  };
  rows.forEach((row, i) => {
    const place = `${row.city}, ${row.state}`;
    let at = places.get(place);
    if (at === undefined) places.set(place, (at = kept.places.push(place) - 1));
    kept.placeOf[i] = at;
  });
  return kept;
}

/** The row of a five-digit code, or -1 (binary search over the ordered codes). */
function rowOf(codes: Int32Array, zip: string): number {
  if (!POSTAL_CODE.test(zip)) return -1;
  const wanted = Number(zip);
  let low = 0;
  let high = codes.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const code = codes[mid]!;
    if (code === wanted) return mid;
    if (code < wanted) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

function zipTable(): Promise<Table> {
  table ??= load().catch((error: unknown) => {
    table = null;
    throw error;
  });
  return table;
}

/**
 * Reads the table now, at start-up, before the server says it is ready: parsing it holds the event
 * loop for about 150 ms, which the first near-me search would otherwise cost every request in flight.
 */
export async function preloadZipTable(): Promise<void> {
  await zipTable();
}

export async function lookupZip(zip: string): Promise<ZipPlace | null> {
  const kept = await zipTable();
  const row = rowOf(kept.codes, zip);
  if (row < 0) return null;
  return { latitude: kept.latitude[row]!, longitude: kept.longitude[row]!, place: kept.places[kept.placeOf[row]!]! };
}
