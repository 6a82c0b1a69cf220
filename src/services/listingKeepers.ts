import { siteTeamEmails } from '../data/admins';

/**
 * Who is told about a listing (docs/product.md, Trust): its broken links, its reminder to confirm
 * its details.
 *
 * THE HOOK FOR PARTNER ACCOUNTS (issue 54): `listingKeepers` and `profileKeepers` answer the partners
 * who keep a training or a trainer profile. There are no partner accounts yet, so they answer nobody,
 * and `recipientsFor` falls back to the site's team (the owner and admins), who keep every listing
 * today. When partners land, these two functions read them and the team is told only about listings
 * nobody keeps; nothing else changes.
 */
export async function listingKeepers(_trainingId: string): Promise<string[]> {
  return [];
}

/** The partners who keep a trainer's profile (its website): nobody until issue 54. */
export async function profileKeepers(_trainerId: string): Promise<string[]> {
  return [];
}

/** The addresses to tell about a listing: its keepers, or the site's team when it has none. */
export async function recipientsFor(listing: { trainingId: string } | { trainerId: string }): Promise<string[]> {
  const keepers =
    'trainingId' in listing ? await listingKeepers(listing.trainingId) : await profileKeepers(listing.trainerId);
  return keepers.length > 0 ? keepers : siteTeamEmails();
}
