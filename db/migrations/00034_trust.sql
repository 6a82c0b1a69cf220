-- Listings a clinician can trust (docs/product.md, Trust): link health, reports of
-- problems, details confirmed, verified trainers.

-- "These details are current": when a team member (later also the training's partner) last said so.
-- On the row, so the public page and API carry it and the publisher sees the change (its snapshot
-- compares row versions). Saying it is not an edit: updated_at (the ETag) does not move.
alter table trainings add column details_confirmed_at timestamptz;

-- Every link the checker watches: a published training's Register and waitlist links, a trainer's
-- website. One row per link, replaced when the address changes. `failing_days` counts the days in a
-- row with a failed check (`last_failed_on` is the last of them, in SITE_TIME_ZONE); at 3 the link is
-- broken since `failing_since`, its keepers are mailed once (`keepers_mailed_at`). A working check
-- clears it all. A team member may dismiss a broken link (a site that refuses checkers): quiet for
-- that address until it changes or works again.
create table link_health (
  id uuid primary key default gen_random_uuid(),
  training_id uuid references trainings (id) on delete cascade,
  trainer_id uuid references trainers (id) on delete cascade,
  kind text not null check (kind in ('register', 'waitlist', 'website')),
  url text not null check (length(url) <= 2000),
  status text not null default 'unchecked' check (status in ('unchecked', 'ok', 'failing', 'broken')),
  failing_days integer not null default 0,
  failing_since timestamptz,
  last_failed_on date,
  last_checked_at timestamptz,
  last_result text,
  broken_since timestamptz,
  keepers_mailed_at timestamptz,
  dismissed_at timestamptz,
  dismissed_by text,
  dismissed_note text check (length(dismissed_note) <= 1000),
  check ((training_id is null) <> (trainer_id is null)),
  check ((kind = 'website') = (trainer_id is not null))
);

create unique index link_health_training_kind_idx on link_health (training_id, kind) where training_id is not null;
create unique index link_health_trainer_kind_idx on link_health (trainer_id, kind) where trainer_id is not null;
create index link_health_broken_idx on link_health (broken_since) where status = 'broken';

-- "Report a problem with this listing": what a visitor said, until the team ends it as fixed or
-- dismissed with a note. The reporter's email (optional) is only for the one mail saying how it
-- ended; it is erased once that mail went (`outcome_mail` says how it went).
create table listing_reports (
  id uuid primary key default gen_random_uuid(),
  training_id uuid not null references trainings (id) on delete cascade,
  reason text not null check (reason in ('dates-or-price', 'register-link', 'cancelled', 'other')),
  details text check (length(details) <= 1000),
  reporter_email text check (length(reporter_email) between 3 and 254),
  status text not null default 'open' check (status in ('open', 'fixed', 'dismissed')),
  note text check (length(note) <= 1000),
  created_at timestamptz not null default now(),
  closed_at timestamptz,
  closed_by text,
  outcome_mail text check (outcome_mail in ('sent', 'failed')),
  check ((status = 'open') = (closed_at is null))
);

create index listing_reports_open_idx on listing_reports (created_at) where status = 'open';
create index listing_reports_training_idx on listing_reports (training_id, created_at desc);

-- The one reminder to confirm a training's details: sent when it starts within 45 days and was not
-- confirmed in the last 60; not again until it is confirmed. `nonce` is in the mail's signed link
-- and the link works once (`used_at`).
create table listing_reminders (
  training_id uuid primary key references trainings (id) on delete cascade,
  nonce text not null,
  sent_at timestamptz not null default now(),
  used_at timestamptz
);

-- A team member's check of a trainer's credential, with the evidence (private to the team).
create table credential_checks (
  id uuid primary key default gen_random_uuid(),
  trainer_id uuid not null references trainers (id) on delete cascade,
  credential text not null check (
    credential in ('emdria-approved-trainer', 'emdria-approved-consultant', 'emdria-certified-therapist', 'state-license')
  ),
  license_number text check (length(license_number) between 1 and 40),
  license_state text check (license_state ~ '^[A-Z]{2}$'),
  checked_on date not null,
  checked_by_admin_id uuid references admin_users (id) on delete set null,
  checked_by text not null,
  evidence_note text not null check (length(evidence_note) between 1 and 2000),
  created_at timestamptz not null default now(),
  check ((credential = 'state-license') = (license_number is not null and license_state is not null))
);

create index credential_checks_trainer_idx on credential_checks (trainer_id, checked_on desc);

-- What the public sees of a trainer's checks: the newest check of each credential made on or after
-- `since` (the 12-month rule lives in src/domain/credentialChecks.ts, which passes the date). Read
-- by the publisher's snapshot for every trainer.
create function trainer_public_credentials(trainer uuid, since date) returns jsonb language sql stable as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object('credential', c.credential, 'licenseNumber', c.license_number,
                         'licenseState', c.license_state, 'checkedOn', c.checked_on)
      order by c.credential, c.license_state, c.license_number),
    '[]'::jsonb)
  from (
    select distinct on (credential, license_state, license_number) credential, license_state, license_number, checked_on
    from credential_checks
    where trainer_id = trainer and checked_on >= since
    order by credential, license_state, license_number, checked_on desc
  ) c
$$;

-- The history records these decisions: details confirmed, a listing problem closed, a credential checked.
alter table change_history drop constraint if exists change_history_action_check;
alter table change_history
  add constraint change_history_action_check check (
    (entity_type in ('trainer', 'training')
      and action in ('create', 'update', 'publish', 'unpublish', 'photo', 'delete', 'confirm', 'resolve', 'verify')
      and entity_id is not null)
    or (entity_type = 'security' and action ~ '^[a-z][a-z0-9-]{0,63}$')
  );

-- The new mails join the log the admin dashboard reads.
alter table mail_log drop constraint if exists mail_log_kind_check;
alter table mail_log
  add constraint mail_log_kind_check check (
    kind in ('confirmation', 'digest', 'link-broken', 'report-outcome', 'details-reminder')
  );
