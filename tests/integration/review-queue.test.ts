import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTrustServer, type TrustServer } from '../support/trustServer';
import { createTrainer, createTraining } from '../support/fixtures';
import { validTraining } from '../support/adminRecords';
import { waitFor } from '../support/server';
import { getSql } from '../../src/data/database/db';
import * as admins from '../../src/data/signIn/admins';
import * as trainings from '../../src/data/trainings';
import * as history from '../../src/data/history';
import * as partnerTrainers from '../../src/data/partnerTrainers';
import { newestRequestId } from '../../src/data/publishing';
import { transaction } from '../../src/data/database/transaction';
import { hashPassword } from '../../src/auth/passwords';
import { TrainingInputSchema } from '../../src/domain/training';
import {
  createTraining as createTrainingAs,
  editTraining as updateTrainingAs,
} from '../../src/services/listings/training';
import { withReviewState } from '../../src/services/review/reviewState';
import { approveSubmission, rejectSubmission, withdrawSubmission } from '../../src/services/listings/decisions';
import { listQueue, reviewDetail, SubmissionConflictError } from '../../src/services/review/reviews';
import { NotFoundError, UndisclosedCostError } from '../../src/services/errors';
import type { Actor } from '../../src/domain/actor';

/**
 * The review queue at the use-case layer (docs/product.md, Review queue): a partner's new training
 * and edits wait, the urgent narrowing ones apply at once, reviewers decide, mail goes out through
 * the one mailer to a real SMTP server on 127.0.0.1, and a rejection never publishes.
 */
let trust: TrustServer;
let owner: Actor;
let editor: Actor;
let partner: Member;
let otherPartner: Member;
type Member = Required<Pick<Actor, 'adminId' | 'email' | 'role'>>;
let trainerId: string;

async function makePartner(email: string, trainerIds: string[], trusted = false): Promise<Member> {
  const member = await admins.insert(email, await hashPassword('partner-password-1'), 'partner');
  await transaction((tx) => partnerTrainers.link(tx, member.id, trainerIds));
  if (trusted) await (await getSql())`update admin_users set trusted = true where id = ${member.id}`;
  return { adminId: member.id, email, role: 'partner' };
}

const mailsTo = (address: string) => trust.smtp.received.filter((m) => m.to.includes(address));
const publicPrice = async (id: string) => (await trainings.findPublishedById(id))?.price;
/** The version a reviewer read (If-Match): a decision names it. */
const etagOf = async (id: string) => (await reviewDetail(id)).etag;

beforeAll(async () => {
  trust = await startTrustServer();
  const ownerRow = (await admins.findByEmail(trust.owner.email))!;
  owner = { adminId: ownerRow.id, email: ownerRow.email };
  const editorRow = await admins.insert('editor@trust.example', await hashPassword('editor-password-1'), 'editor');
  editor = { adminId: editorRow.id, email: editorRow.email };
  trainerId = (await createTrainer({ name: 'Dr. Ada Partner' })).id;
  const otherTrainer = (await createTrainer({ name: 'Dr. Someone Else' })).id;
  partner = await makePartner('ada@partner.example', [trainerId]);
  otherPartner = await makePartner('bo@partner.example', [otherTrainer]);
});

afterAll(async () => {
  await trust?.stop();
});

describe('a partner’s new training', () => {
  let trainingId: string;
  let submissionId: string;

  test('waits for review: stored, never public whatever isPublished says, and reviewers are mailed once', async () => {
    const input = TrainingInputSchema.parse({ ...validTraining(trainerId), title: 'Partner Basic, Boston' });
    const written = await createTrainingAs(partner, input);
    expect(written.reviewStatus).toBe('pending');
    expect(written.record.isPublished).toBe(true);
    trainingId = written.record.id;
    submissionId = written.submission!.id;
    expect(await trainings.findPublishedById(trainingId)).toBeUndefined();
    expect((await trainings.listPublished()).map((t) => t.id)).not.toContain(trainingId);
    // The database itself refuses to publish it until it is approved.
    const sql = await getSql();
    await expect(sql`update trainings set is_published = true where id = ${trainingId}`).rejects.toThrow(
      /awaits review/,
    );

    await waitFor(async () => mailsTo(editor.email).length === 1 && mailsTo(owner.email).length === 1);
    const mail = mailsTo(editor.email)[0]!.mail;
    expect(mail.subject).toBe('Waiting for review: Partner Basic, Boston');
    expect(mail.text).toContain(`http://localhost:4321/admin/reviews/${submissionId}`);
    // A second submission within the hour mails no one again.
    await createTrainingAs(partner, TrainingInputSchema.parse({ ...validTraining(trainerId), title: 'Second' }));
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(editor.email)).toHaveLength(1);
    expect(mailsTo(partner.email)).toHaveLength(0);
  });

  test('the queue lists it oldest first with the partner, the trainer and the age; its detail shows every field', async () => {
    const queue = await listQueue();
    expect(queue.total).toBe(2);
    expect(queue.rows[0]).toMatchObject({
      id: submissionId,
      kind: 'training_create',
      partnerEmail: partner.email,
      trainerName: 'Dr. Ada Partner',
      title: 'Partner Basic, Boston',
      status: 'pending',
    });
    expect(queue.rows[0]!.ageSeconds).toBeGreaterThanOrEqual(0);
    const detail = await reviewDetail(submissionId);
    expect(detail.changes).toContainEqual({ field: 'price', before: null, after: 900 });
    await expect(reviewDetail('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
  });

  test('approving publishes it, with history naming the reviewer and the partner, and mails the partner', async () => {
    const queued = (await listQueue()).rows[0]!;
    const approved = await approveSubmission(editor, submissionId, queued.etag);
    expect(approved.status).toBe('approved');
    expect(await publicPrice(trainingId)).toBe(900);
    const { entries } = await history.list({
      entityType: 'training',
      entityId: trainingId,
      kind: 'records',
      page: 1,
      limit: 10,
    });
    expect(entries[0]).toMatchObject({ adminEmail: editor.email, proposedBy: partner.email });
    await waitFor(async () => mailsTo(partner.email).length === 1);
    expect(mailsTo(partner.email)[0]!.mail.subject).toBe('Your change was approved: Partner Basic, Boston');
  });

  test('of two reviewers, the second gets a conflict with the new state', async () => {
    const error = await rejectSubmission(owner, submissionId, 'Too late', '"s1"').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmissionConflictError);
    expect((error as SubmissionConflictError).current).toMatchObject({
      status: 'approved',
      reviewerEmail: editor.email,
    });
  });
});

describe('a partner’s edit of a live training', () => {
  let trainingId: string;

  beforeAll(async () => {
    trainingId = (await createTraining(trainerId, { title: 'Live Training', price: 1200 })).id;
  });

  test('a price change waits: the live row keeps the old price, the partner sees the pending one', async () => {
    const written = await updateTrainingAs(partner, trainingId, { price: 1500 });
    expect(written.reviewStatus).toBe('pending');
    expect(await publicPrice(trainingId)).toBe(1200);
    const [mine] = await withReviewState([(await trainings.findById(trainingId))!]);
    expect(mine).toMatchObject({ price: 1500, reviewStatus: 'pending', submissionId: written.submission!.id });
    expect(mine!.pendingSince).toBeInstanceOf(Date);
    const detail = await reviewDetail(written.submission!.id);
    expect(detail.changes).toEqual([{ field: 'price', before: 1200, after: 1500 }]);
  });

  test('rejecting changes nothing public and queues no publish; the partner sees the reason and gets a mail', async () => {
    const [mine] = await withReviewState([(await trainings.findById(trainingId))!]);
    const before = await trainings.findPublishedById(trainingId);
    const queuedBefore = await newestRequestId();
    const mailsBefore = mailsTo(partner.email).length;
    const rejected = await rejectSubmission(
      owner,
      mine!.submissionId!,
      'The price on your own site is $1,200.',
      await etagOf(mine!.submissionId!),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'The price on your own site is $1,200.' });
    expect(await newestRequestId()).toBe(queuedBefore);
    expect(await trainings.findPublishedById(trainingId)).toEqual(before);
    const [after] = await withReviewState([(await trainings.findById(trainingId))!]);
    expect(after).toMatchObject({
      price: 1500,
      reviewStatus: 'rejected',
      rejectedReason: 'The price on your own site is $1,200.',
    });
    await waitFor(async () => mailsTo(partner.email).length === mailsBefore + 1);
    const mail = mailsTo(partner.email).at(-1)!.mail;
    expect(mail.subject).toBe('Your change was not approved: Live Training');
    expect(mail.text).toContain('Reason: The price on your own site is $1,200.');
  });

  test('a rejected submission stays editable: saving again makes a new pending one', async () => {
    const [seen] = await withReviewState([(await trainings.findById(trainingId))!]);
    const again = await updateTrainingAs(partner, trainingId, { price: 1300 });
    expect(again.reviewStatus).toBe('pending');
    expect(again.submission!.id).not.toBe(seen!.submissionId);
    expect(await publicPrice(trainingId)).toBe(1200);
  });

  test('sold out applies at once, with the pending price still waiting', async () => {
    const written = await updateTrainingAs(partner, trainingId, { availability: 'sold_out', seatsLeft: 0 });
    expect(written.reviewStatus).toBe('pending');
    expect((await trainings.findPublishedById(trainingId))!).toMatchObject({ availability: 'sold_out', price: 1200 });
    const alone = await createTraining(trainerId, { title: 'Seats only' });
    const seats = await updateTrainingAs(partner, alone.id, { seatsLeft: 3 });
    expect(seats.reviewStatus).toBe('approved');
    expect(seats.submission).toBeNull();
    expect((await trainings.findPublishedById(alone.id))!.seatsLeft).toBe(3);
  });

  test('a waitlist link on another domain waits; on the Register link’s domain it applies at once', async () => {
    const t = await createTraining(trainerId, { title: 'Waitlist' });
    const elsewhere = await updateTrainingAs(partner, t.id, { waitlistUrl: 'https://elsewhere.example/w' });
    expect(elsewhere.reviewStatus).toBe('pending');
    await withdrawSubmission(partner, elsewhere.submission!.id);
    const same = await updateTrainingAs(partner, t.id, { waitlistUrl: 'https://example.thinkific.com/waitlist' });
    expect(same.reviewStatus).toBe('approved');
    expect((await trainings.findPublishedById(t.id))!.waitlistUrl).toBe('https://example.thinkific.com/waitlist');
  });

  test('approving the price publishes it through the normal write path', async () => {
    const [mine] = await withReviewState([(await trainings.findById(trainingId))!]);
    const queued = await newestRequestId();
    await approveSubmission(owner, mine!.submissionId!, await etagOf(mine!.submissionId!));
    expect(await publicPrice(trainingId)).toBe(1300);
    expect(await newestRequestId()).toBeGreaterThan(queued);
  });

  test('a Basic Training without its full cost is refused at submission (the 422 of today)', async () => {
    const error = await updateTrainingAs(partner, trainingId, { programType: 'basic' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UndisclosedCostError);
    expect(Object.keys((error as UndisclosedCostError).fieldErrors)).toContain('consultation');
  });

  test('only the partner who submitted may withdraw; anyone else is told it does not exist', async () => {
    const written = await updateTrainingAs(partner, trainingId, { description: 'Now with more practice.' });
    const id = written.submission!.id;
    const etag = await etagOf(id);
    await expect(withdrawSubmission(otherPartner, id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(withdrawSubmission({ ...owner, role: 'owner' }, id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await withdrawSubmission(partner, id)).status).toBe('withdrawn');
    await expect(approveSubmission(owner, id, etag)).rejects.toBeInstanceOf(SubmissionConflictError);
  });
});

describe('writers who need no review', () => {
  test('a trusted partner’s edit applies at once', async () => {
    const t = await createTraining(trainerId, { title: 'Trusted edit', price: 700 });
    const trusted = await makePartner('trusted@partner.example', [trainerId], true);
    const written = await updateTrainingAs(trusted, t.id, { price: 750 });
    expect(written).toMatchObject({ reviewStatus: 'approved', submission: null });
    expect(await publicPrice(t.id)).toBe(750);
  });

  test('a team member’s edit applies at once, and may publish a partner’s training still waiting', async () => {
    const input = TrainingInputSchema.parse({ ...validTraining(trainerId), title: 'Team publishes' });
    const written = await createTrainingAs(partner, input);
    const team = await updateTrainingAs({ ...editor, role: 'editor' }, written.record.id, {
      isPublished: true,
      price: 950,
    });
    expect(team.reviewStatus).toBe('approved');
    expect(await publicPrice(written.record.id)).toBe(950);
    // Its submission is decided by that team member: the queue no longer lists it.
    expect((await listQueue()).rows.map((r) => r.id)).not.toContain(written.submission!.id);
    expect((await reviewDetail(written.submission!.id)).status).toBe('approved');
  });
});
