import { createHash } from 'node:crypto';
import * as offerings from '../../data/offerings';
import type { PublishedOffering } from '../../data/offerings';
import * as introductions from '../../data/introductions';
import * as requestLimits from '../../data/requestLimits';
import { partnerEmailsOfTrainer } from '../../data/partnerTrainers';
import { lookupZip } from '../../data/zipTable';
import { OfferingQuerySchema, offeringViewOf } from '../../domain/consultation/offeringFiltersSchema';
import { offeringQueryFromParams } from '../../domain/consultation/offeringFilters';
import { offeringEntry, queryOfferings, type OfferingCounts } from '../../domain/consultation/offeringQuery';
import { toOfferingCard, offeringTitle, type OfferingCardData } from '../../domain/consultation/offeringCard';
import { credentialLine } from '../../domain/consultation/consultants';
import { offeringPageUrl } from '../../domain/consultation/offeringCalendar';
import {
  INTRODUCTION_HONEYPOT_FIELD,
  INTRODUCTIONS_PER_ADDRESS_PER_DAY,
  INTRODUCTIONS_PER_OFFERING_PER_DAY,
  INTRODUCTIONS_PER_SITE_PER_DAY,
  introductionMail,
  type IntroductionLimit,
  type IntroductionRequest,
} from '../../domain/consultation/introduction';
import { verificationCutoff } from '../../domain/trust/credentialChecks';
import { NEARBY_MESSAGES } from '../../domain/nearMe/nearby';
import { addressLimitKey } from '../../domain/clientNetwork';
import { fieldErrorsOf } from '../../domain/fieldErrors';
import { serverEnv } from '../../settings';
import { queueMail } from '../../mail/outbox';
import { transaction } from '../../data/database/transaction';

/**
 * What the public reads of consultation (docs/product.md, Consultation): the published offerings,
 * each with its card, and `GET /api/consultations`, which takes the page's filters (the same schema and
 * the same in-memory query as the built pages: domain/consultation/offeringQuery.ts).
 */
export type PublicOffering = PublishedOffering & { card: OfferingCardData };

export async function publicOfferings(now = new Date()): Promise<PublicOffering[]> {
  const rows = await offerings.listPublished(verificationCutoff(now));
  return rows.map((o) => ({
    ...o,
    card: toOfferingCard(o, {
      credential: credentialLine(o.consultantCredential, o.trainer.verified, now),
      trainer: { name: o.trainer.name, photo: o.trainer.photo },
    }),
  }));
}

export type ConsultationAnswer =
  | { refused: { error: string; fieldErrors: Record<string, string[]> } }
  | { rows: PublicOffering[]; total: number; page: number; pageCount: number; counts: OfferingCounts };

export async function consultationAnswer(search: string, now = new Date()): Promise<ConsultationAnswer> {
  const parsed = OfferingQuerySchema.safeParse(offeringQueryFromParams(new URLSearchParams(search)));
  if (!parsed.success)
    return { refused: { error: 'Invalid query', fieldErrors: fieldErrorsOf(parsed.error).fieldErrors } };
  const view = offeringViewOf(parsed.data);
  const origin = view.filters.near ? await lookupZip(view.filters.near) : null;
  if (view.filters.near && !origin)
    return { refused: { error: 'Invalid query', fieldErrors: { near: [NEARBY_MESSAGES.unknownPostalCode] } } };
  const all = await publicOfferings(now);
  const result = queryOfferings(all.map(offeringEntry), view, now, origin);
  return {
    rows: result.indices.map((i, n) => {
      const row = all[i]!;
      const miles = result.distances?.[n];
      return miles === undefined ? row : { ...row, card: { ...row.card, distanceMiles: miles } };
    }),
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    counts: result.counts,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const hashed = (text: string) => createHash('sha256').update(text).digest('hex');

export type IntroductionOutcome =
  | { status: 'accepted' }
  | { status: 'throttled'; limit: IntroductionLimit; retryAfterSeconds: number }
  | { status: 'unknown-offering' };

/**
 * "Request an introduction": limited as reports are, stored (the address kept 30 days) and mailed to
 * the consultant's partner accounts after the answer. A filled honeypot stores and sends nothing.
 */
export async function requestIntroduction(
  offeringId: string,
  input: IntroductionRequest,
  clientAddress: string,
): Promise<IntroductionOutcome> {
  const offering = await offerings.findById(offeringId);
  if (!offering?.isPublished) return { status: 'unknown-offering' };
  const throttled = (limit: IntroductionLimit): IntroductionOutcome => ({
    status: 'throttled',
    limit,
    retryAfterSeconds: DAY_MS / 1000,
  });
  const address = `introductions:address:${hashed(addressLimitKey(clientAddress))}`;
  if (!(await requestLimits.take(address, INTRODUCTIONS_PER_ADDRESS_PER_DAY, DAY_MS))) return throttled('address');
  if (input[INTRODUCTION_HONEYPOT_FIELD]) return { status: 'accepted' };
  if (!(await requestLimits.take(`introductions:offering:${offering.id}`, INTRODUCTIONS_PER_OFFERING_PER_DAY, DAY_MS)))
    return throttled('offering');
  if (!(await requestLimits.take('introductions:site', INTRODUCTIONS_PER_SITE_PER_DAY, DAY_MS)))
    return throttled('site');
  const mail = introductionMail({
    offeringTitle: offeringTitle(offering),
    offeringUrl: offeringPageUrl(serverEnv().siteUrl, offering.id),
    email: input.email,
    name: input.name,
    message: input.message,
  });
  // The request and its mails commit together (docs/decisions/0038-mail-outbox.md); the sender
  // delivers them after the answer, so how long it takes says nothing of the consultant's accounts.
  await transaction(async (tx) => {
    await introductions.insert(
      { offeringId: offering.id, email: input.email, name: input.name, message: input.message },
      tx,
    );
    for (const to of await partnerEmailsOfTrainer(offering.trainerId, tx))
      await queueMail(tx, { kind: 'introduction', to, ...mail, headers: { 'reply-to': input.email } });
  });
  return { status: 'accepted' };
}
