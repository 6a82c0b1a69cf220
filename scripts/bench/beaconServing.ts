import { startBeaconLoad, type BeaconFigures } from './beaconLoad';
import { compareServing, type ServingComparison } from './servingBench';

/**
 * The static comparison again, with the listing beacon's load on our server meanwhile (docs/product.md, Performance):
 * the pages' ratio to the anchors should stay within the spread of its rounds without the beacons.
 */
export interface ServingWithBeacons {
  beacons: BeaconFigures;
  comparisons: ServingComparison[];
}

export async function compareServingWithBeacons(
  wrk: string,
  urls: { ours: string; anchor: string; floor?: string },
  paths: string[],
  rounds: number,
  seconds: number,
  trainingIds: readonly string[],
): Promise<ServingWithBeacons> {
  const load = startBeaconLoad(urls.ours, trainingIds);
  let comparisons: ServingComparison[];
  try {
    comparisons = await compareServing(wrk, urls, paths, rounds, seconds);
  } catch (error) {
    await load.stop();
    throw error;
  }
  return { beacons: await load.stop(), comparisons };
}
