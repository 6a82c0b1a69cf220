import type { Credential, CredentialCheckInput } from '../../domain/trust/credentialChecks';
import { getSql } from '../database/db';
import type { Tx } from '../publishQueue';
import { requestPublish } from '../publishing';

/** Credential checks repository (db/migrations/00034_trust.sql): a trainer's credentials, as checked by the team. */
export interface CredentialCheck {
  id: string;
  trainerId: string;
  credential: Credential;
  licenseNumber: string | null;
  licenseState: string | null;
  /** ISO date, 2026-03-05. */
  checkedOn: string;
  checkedBy: string;
  evidenceNote: string;
  createdAt: Date;
}

const COLUMNS = `id, trainer_id, credential, license_number, license_state, checked_on::text as checked_on,
  checked_by, evidence_note, created_at`;

/** Records a check in the caller's transaction; the trainer's pages show it, so they are republished. */
export async function insert(
  tx: Tx,
  trainerId: string,
  check: CredentialCheckInput,
  by: { adminId: string; email: string },
): Promise<CredentialCheck> {
  const [row] = await tx<CredentialCheck[]>`
    insert into credential_checks (trainer_id, credential, license_number, license_state, checked_on,
                                   checked_by_admin_id, checked_by, evidence_note)
    values (${trainerId}, ${check.credential}, ${check.licenseNumber}, ${check.licenseState}, ${check.checkedOn}::date,
            ${by.adminId}, ${by.email}, ${check.evidenceNote})
    returning ${tx.unsafe(COLUMNS)}`;
  await requestPublish(tx, `trainer credential checked ${trainerId}`);
  return row!;
}

/** A trainer's checks, newest first. */
export async function listByTrainer(trainerId: string): Promise<CredentialCheck[]> {
  const sql = await getSql();
  return sql<CredentialCheck[]>`
    select ${sql.unsafe(COLUMNS)} from credential_checks where trainer_id = ${trainerId}
    order by checked_on desc, created_at desc`;
}

/** Every trainer's newest check of each credential (the team's "Verification due" list). */
export async function listNewest(): Promise<(CredentialCheck & { trainerName: string })[]> {
  const sql = await getSql();
  return sql<(CredentialCheck & { trainerName: string })[]>`
    select newest.*, t.name as trainer_name
    from (
      select distinct on (trainer_id, credential, license_state, license_number) ${sql.unsafe(COLUMNS)}
      from credential_checks
      order by trainer_id, credential, license_state, license_number, checked_on desc, created_at desc
    ) newest join trainers t on t.id = newest.trainer_id
    order by lower(t.name), newest.credential`;
}
