import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Position } from '../domain/nearby';

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
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

let table: Promise<Map<string, Row>> | null = null;

/**
 * Loaded once, at start-up (preloadZipTable) or on first use. The file is `exports.codes = {…JSON…};` then a state map: parsing the
 * JSON takes about 150 ms where requiring the module takes 700, and the package's index would also
 * load a Canadian table this product has no use for. Resolved from the project (process.cwd()), as
 * bundled modules must not read files relative to themselves (docs/architecture.md).
 */
async function load(): Promise<Map<string, Row>> {
  const file = createRequire(path.join(process.cwd(), 'package.json')).resolve('zipcodes/lib/codes.js');
  const [first] = (await readFile(file, 'utf8')).split('\n', 1);
  const json = first!.slice(first!.indexOf('{'), first!.lastIndexOf('}') + 1);
  return new Map(Object.entries(JSON.parse(json) as Record<string, Row>));
}

function zipTable(): Promise<Map<string, Row>> {
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
  const row = (await zipTable()).get(zip);
  return row ? { latitude: row.latitude, longitude: row.longitude, place: `${row.city}, ${row.state}` } : null;
}
