import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';

/** A member's registered passkey (db/migrations/00027_passkeys.sql). */
export interface PasskeyRow {
  id: string;
  adminId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type ChallengePurpose = 'registration' | 'authentication' | 'step-up';

export async function listFor(adminId: string): Promise<PasskeyRow[]> {
  const sql = await getSql();
  return sql<PasskeyRow[]>`
    select id, admin_id, public_key, counter::float8 as counter, transports, name, created_at, last_used_at from admin_passkeys where admin_id = ${adminId} order by created_at, id`;
}

export async function findById(id: string): Promise<PasskeyRow | undefined> {
  const sql = await getSql();
  const [row] = await sql<PasskeyRow[]>`select id, admin_id, public_key, counter::float8 as counter, transports, name, created_at, last_used_at from admin_passkeys where id = ${id}`;
  return row;
}

export async function countFor(adminId: string): Promise<number> {
  const sql = await getSql();
  const [row] = await sql<{ n: number }[]>`select count(*)::int as n from admin_passkeys where admin_id = ${adminId}`;
  return row?.n ?? 0;
}

/** False when the credential id is already registered (to anyone): the row is left as it was. */
export async function insert(
  tx: Tx,
  passkey: Pick<PasskeyRow, 'id' | 'adminId' | 'publicKey' | 'counter' | 'transports' | 'name'>,
): Promise<PasskeyRow | undefined> {
  const [row] = await tx<PasskeyRow[]>`
    insert into admin_passkeys (id, admin_id, public_key, counter, transports, name)
    values (${passkey.id}, ${passkey.adminId}, ${Buffer.from(passkey.publicKey)}, ${passkey.counter},
            ${passkey.transports}, ${passkey.name})
    on conflict (id) do nothing
    returning id, admin_id, public_key, counter::float8 as counter, transports, name, created_at, last_used_at`;
  return row;
}

/** Renames one of this member's passkeys; undefined when it is unknown or someone else's. */
export async function rename(adminId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const sql = await getSql();
  const [row] = await sql<PasskeyRow[]>`
    update admin_passkeys set name = ${name} where id = ${id} and admin_id = ${adminId} returning id, admin_id, public_key, counter::float8 as counter, transports, name, created_at, last_used_at`;
  return row;
}

export async function remove(tx: Tx, adminId: string, id: string): Promise<PasskeyRow | undefined> {
  const [row] = await tx<PasskeyRow[]>`
    delete from admin_passkeys where id = ${id} and admin_id = ${adminId} returning id, admin_id, public_key, counter::float8 as counter, transports, name, created_at, last_used_at`;
  return row;
}

/** Removes every passkey of a member (a password reset); the ones removed. */
export async function removeAllFor(tx: Tx, adminId: string): Promise<{ id: string; name: string }[]> {
  return tx<{ id: string; name: string }[]>`delete from admin_passkeys where admin_id = ${adminId} returning id, name`;
}

/**
 * Records a use: the new signature counter, but only if it still is the one the check was made
 * against, so two parallel uses of one assertion cannot both pass. False when it had changed.
 */
export async function recordUse(id: string, seenCounter: number, newCounter: number): Promise<boolean> {
  const sql = await getSql();
  const result = await sql`
    update admin_passkeys set counter = ${newCounter}, last_used_at = now()
    where id = ${id} and counter = ${seenCounter}`;
  return result.count === 1;
}

export async function saveChallenge(
  challenge: string,
  purpose: ChallengePurpose,
  adminId: string | null,
  ttlMs: number,
): Promise<void> {
  const sql = await getSql();
  // Expired challenges go as new ones are written, so the table holds only the ones in flight.
  await sql`delete from admin_webauthn_challenges where expires_at < now()`;
  await sql`
    insert into admin_webauthn_challenges (challenge, purpose, admin_id, expires_at)
    values (${challenge}, ${purpose}, ${adminId}, now() + ${ttlMs}::float8 * interval '1 millisecond')`;
}

/**
 * Takes a challenge out (single use): found only if it has this purpose and has not expired. The
 * member it was given to (null for a passwordless sign-in) comes back for the caller to compare.
 */
export async function takeChallenge(
  challenge: string,
  purpose: ChallengePurpose,
): Promise<{ adminId: string | null } | undefined> {
  const sql = await getSql();
  const [row] = await sql<{ adminId: string | null; live: boolean }[]>`
    delete from admin_webauthn_challenges where challenge = ${challenge} and purpose = ${purpose}
    returning admin_id, expires_at > now() as live`;
  return row?.live ? { adminId: row.adminId } : undefined;
}
