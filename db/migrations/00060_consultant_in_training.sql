-- A team member may check the credential "EMDRIA Consultant-in-Training" (docs/domain.md, Consultation):
-- a consultant-in-training offers consultation under an approved consultant, and an offering that counts
-- toward certification shows the check of the credential it claims.
alter table credential_checks drop constraint credential_checks_credential_check;
alter table credential_checks add constraint credential_checks_credential_check check (
  credential in (
    'emdria-approved-trainer',
    'emdria-approved-consultant',
    'emdria-consultant-in-training',
    'emdria-certified-therapist',
    'state-license'
  )
);
