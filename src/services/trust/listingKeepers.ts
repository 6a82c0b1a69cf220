import { siteTeamEmails } from '../../data/signIn/admins';
import { partnerEmailsOfTraining, partnerEmailsOfTrainer } from '../../data/partnerTrainers';
import { PARTNER_HOME, PARTNER_PROFILE, TEAM_TRAINERS, TEAM_TRAININGS } from '../../domain/adminPaths';

const ADMIN_EDIT = { trainings: TEAM_TRAININGS, trainers: TEAM_TRAINERS };

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

export type KeptListing = { trainingId: string } | { trainerId: string };

export interface Recipients {
  addresses: string[];
  /** The partners who keep it (their links go to their own area), or the site's team. */
  partners: boolean;
}

/** The addresses to tell about a listing: its keepers, or the site's team when it has none. */
export async function recipientsFor(listing: KeptListing): Promise<Recipients> {
  const keepers =
    'trainingId' in listing ? await listingKeepers(listing.trainingId) : await profileKeepers(listing.trainerId);
  return keepers.length > 0
    ? { addresses: keepers, partners: true }
    : { addresses: await siteTeamEmails(), partners: false };
}

/** Where the recipients edit the listing: a partner's own area, or the team's admin. */
export function editUrlFor(site: string, listing: KeptListing, partners: boolean): string {
  const area = partners ? { trainings: PARTNER_HOME, trainers: PARTNER_PROFILE } : ADMIN_EDIT;
  return 'trainingId' in listing
    ? `${site}${area.trainings}/${listing.trainingId}`
    : `${site}${area.trainers}/${listing.trainerId}`;
}
