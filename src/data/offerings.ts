import type { Offering, OfferingInput } from '../domain/consultation/offering';
import type { PublicCredential } from '../domain/trust/credentialChecks';
import { getSql } from './database/db';
import { queuePublish, type Tx } from './publishQueue';

/**
 * Consultation offerings repository (docs/product.md, Consultation). The columns the database needs
 * (trainer, published, versions) are columns; the offering's facts are one document, written only
 * after the offering's schema has checked them (services/listings/offering.ts). Every write queues a
 * publish in its own transaction, as a training's does.
 */
interface Row {
  id: string;
  trainerId: string;
  facts: Omit<OfferingInput, 'trainerId' | 'isPublished'>;
  isPublished: boolean;
  createdAt: Date;
  updatedAt: Date;
  revision: number;
}

const toOffering = ({ facts, ...row }: Row): Offering => ({ ...facts, ...row });

type JsonValue = Parameters<Tx['json']>[0];

function factsOf(tx: Tx, input: OfferingInput) {
  const { trainerId: _t, isPublished: _p, ...facts } = input;
  return tx.json(JSON.parse(JSON.stringify(facts)) as JsonValue);
}

export async function insert(tx: Tx, input: OfferingInput): Promise<Offering> {
  const [row] = await tx<Row[]>`
    insert into consultation_offerings (trainer_id, facts, is_published)
    values (${input.trainerId}, ${factsOf(tx, input)}, ${input.isPublished}) returning *`;
  await queuePublish(tx, `offering created ${row!.id}`);
  return toOffering(row!);
}

export async function update(tx: Tx, id: string, input: OfferingInput): Promise<Offering | undefined> {
  const [row] = await tx<Row[]>`
    update consultation_offerings
    set trainer_id = ${input.trainerId}, facts = ${factsOf(tx, input)}, is_published = ${input.isPublished}
    where id = ${id} returning *`;
  if (row) await queuePublish(tx, `offering updated ${id}`);
  return row && toOffering(row);
}

export async function remove(tx: Tx, id: string): Promise<void> {
  const rows = await tx`delete from consultation_offerings where id = ${id} returning id`;
  if (rows.length > 0) await queuePublish(tx, `offering deleted ${id}`);
}

/** The row, locked until the transaction ends (a version check and the write see the same row). */
export async function lockById(tx: Tx, id: string): Promise<Offering | undefined> {
  const [row] = await tx<Row[]>`select * from consultation_offerings where id = ${id} for update`;
  return row && toOffering(row);
}

export async function findById(id: string): Promise<Offering | undefined> {
  const sql = await getSql();
  const [row] = await sql<Row[]>`select * from consultation_offerings where id = ${id}`;
  return row && toOffering(row);
}

/** `only`: the trainer ids a partner keeps (services/trainerScope.ts); null for every trainer's. */
export async function listAll(only: readonly string[] | null = null): Promise<Offering[]> {
  const sql = await getSql();
  const rows = await sql<Row[]>`select * from consultation_offerings
    where (${only === null}::boolean or trainer_id = any(${only ?? []}::uuid[]))
    order by created_at desc, id`;
  return rows.map(toOffering);
}

/** An offering the public sees, with its consultant's name, photo, slug and checked credentials. */
export type PublishedOffering = Offering & {
  trainer: { name: string; photo: string | null; slug: string; verified: PublicCredential[] };
};

/**
 * The published offerings (a partner's new one is kept unpublished until approved: migration 00085),
 * with the credentials the team checked on or after `verifiedSince` (docs/product.md, Trust).
 */
export async function listPublished(verifiedSince: string): Promise<PublishedOffering[]> {
  const sql = await getSql();
  const rows = await sql<(Row & { trainer: PublishedOffering['trainer'] })[]>`
    select o.*, json_build_object('name', tr.name, 'photo', tr.photo, 'slug', tr.slug,
      'verified', trainer_public_credentials(tr.id, ${verifiedSince}::date)) as trainer
    from consultation_offerings o join trainers tr on tr.id = o.trainer_id
    where o.is_published order by o.id`;
  return rows.map((r) => ({ ...toOffering(r), trainer: r.trainer }));
}

export async function markUnreviewed(tx: Tx, id: string): Promise<void> {
  await tx`insert into unreviewed_offerings (offering_id) values (${id}) on conflict do nothing`;
}

export async function markReviewed(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx`delete from unreviewed_offerings where offering_id = ${id} returning offering_id`;
  return rows.length > 0;
}

export async function isUnreviewed(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx`select 1 from unreviewed_offerings where offering_id = ${id}`;
  return rows.length > 0;
}
