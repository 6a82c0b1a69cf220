/**
 * The Partners page's data (docs/product.md, Partners: the overview), as the server makes it; the
 * browser reads it as `Json<…>` of these.
 */
export interface PartnerTrainerName {
  id: string;
  name: string;
}

export interface PartnerSummary {
  id: string;
  email: string;
  trusted: boolean;
  lastSignInAt: Date | null;
  trainers: PartnerTrainerName[];
}

export interface OpenPartnerInvitation {
  id: string;
  email: string;
  invitedByEmail: string | null;
  createdAt: Date;
  expiresAt: Date;
  trainers: PartnerTrainerName[];
}

export interface PartnerOverview {
  partners: PartnerSummary[];
  invitations: OpenPartnerInvitation[];
}

/** The step-up dialog's sentences for the Partners page's changes and a trainer's invitation. */
export const PARTNER_STEP_UP = {
  invite: "Inviting a trainer lets them sign in and change this profile's listings. Confirm it's you to send it.",
  resend: "Sending the invitation again makes a new link and the old one stops working. Confirm it's you to send it.",
  withdraw: "Withdrawing the invitation makes its link stop working. Confirm it's you to withdraw it.",
  profiles: "This changes which trainer profiles a partner may edit. Confirm it's you to save it.",
} as const;
