import { siteTeamEmails } from '../data/admins';
import { partnerEmailsOfTraining, partnerEmailsOfTrainer } from '../data/partnerTrainers';

/**
 * Who is told about a listing (docs/product.md, Trust): its broken links, its reminder to confirm
 * its details.
 *
 * The partners who keep a training or a trainer profile (docs/product.md, Partners) are told; a
 * listing no partner keeps is the site's team's (the owner and admins).
 */
export async function listingKeepers(trainingId: string): Promise<string[]> {
  return partnerEmailsOfTraining(trainingId);
}

/** The partners who keep a trainer's profile (its website). */
export async function profileKeepers(trainerId: string): Promise<string[]> {
  return partnerEmailsOfTrainer(trainerId);
}

/** The addresses to tell about a listing: its keepers, or the site's team when it has none. */
export async function recipientsFor(listing: { trainingId: string } | { trainerId: string }): Promise<string[]> {
  const keepers =
    'trainingId' in listing ? await listingKeepers(listing.trainingId) : await profileKeepers(listing.trainerId);
  return keepers.length > 0 ? keepers : siteTeamEmails();
}
