-- Step-up and guessing stops (docs/decisions/0021-step-up.md).

-- When the member last gave their password or a current second factor in this session. A sign-in
-- sets it; sessions from before this migration have none, so their first sign-in change asks again.
alter table admin_sessions add column stepped_up_at timestamptz;

-- Wrong codes typed in one pending sign-in: the step ends at the tenth.
alter table admin_pending_logins add column wrong_codes integer not null default 0;

-- Wrong codes of an account (sign-in, step-up, turning the app off), kept for a day: the twentieth
-- within 24 hours locks the account's codes (codes_locked_at) until reset-2fa or 24 hours later.
create table admin_wrong_codes (
  id bigserial primary key,
  admin_id uuid not null references admin_users (id) on delete cascade,
  failed_at timestamptz not null default now()
);

create index admin_wrong_codes_admin_idx on admin_wrong_codes (admin_id, failed_at);

alter table admin_users add column codes_locked_at timestamptz;

-- A step-up's passkey challenge is kept apart from sign-in ones: it names the signed-in member.
alter table admin_webauthn_challenges drop constraint if exists admin_webauthn_challenges_purpose_check;
alter table admin_webauthn_challenges
  add constraint admin_webauthn_challenges_purpose_check
  check (purpose in ('registration', 'authentication', 'step-up'));
