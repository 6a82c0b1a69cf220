-- Two-factor sign-in (docs/product.md, "Team and sign-in").
-- TOTP: the secret is kept from enrolment on (pending until totp_enabled_at is set, then active);
-- it is never returned again after enrolment. totp_last_step is the last accepted 30-second step,
-- so a code is accepted only once in its window.
alter table admin_users add column totp_secret text;
alter table admin_users add column totp_enabled_at timestamptz;
alter table admin_users add column totp_last_step bigint;

-- Recovery codes: only SHA-256 of each code is stored; a used code keeps its row with used_at set.
create table admin_recovery_codes (
  id bigserial primary key,
  admin_id uuid not null references admin_users (id) on delete cascade,
  code_hash bytea not null,
  used_at timestamptz
);

create index admin_recovery_codes_admin_idx on admin_recovery_codes (admin_id);

-- The step between a correct password and the second factor: a short-lived cookie `id.secret`,
-- of which only SHA-256 of the secret is stored. No session exists until the second factor passes.
create table admin_pending_logins (
  id text primary key,
  secret_hash bytea not null,
  admin_id uuid not null references admin_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index admin_pending_logins_expires_idx on admin_pending_logins (expires_at);

-- Site-wide settings: one row. require_two_factor sends members without a second factor to
-- enrolment right after the password step.
create table site_settings (
  id boolean primary key default true check (id),
  require_two_factor boolean not null default false
);

insert into site_settings (id) values (true);
