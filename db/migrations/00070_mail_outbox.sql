-- The mail outbox (docs/decisions/0038-mail-outbox.md): every mail is a row, written in the same
-- transaction as what caused it, and delivered by the one sender loop (src/mail/sender.ts). A row
-- waits as `queued` until `next_attempt_at`; the sender claims it (FOR UPDATE SKIP LOCKED) by moving
-- `next_attempt_at` past its send, so one instance sends it; then it ends `sent`, or `failed` after
-- its last attempt with the masked reason. An ended row forgets its address and its content (they
-- hold links that are credentials) and stays, with its kind, for the admin dashboard's mail figures.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind ~ '^[a-z][a-z0-9-]{0,39}$'),
  alert_id uuid references alerts (id) on delete set null,
  recipient text check (length(recipient) between 3 and 254),
  subject text,
  text_body text,
  html_body text,
  headers jsonb,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  check ((status = 'queued') = (finished_at is null)),
  check (status <> 'queued' or (recipient is not null and subject is not null and text_body is not null))
);

create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where status = 'queued';
create index mail_outbox_finished_idx on mail_outbox (finished_at) where status <> 'queued';

-- What the mail log recorded stays in the figures; the log itself is replaced by the outbox.
insert into mail_outbox (kind, alert_id, status, attempts, error, created_at, next_attempt_at, finished_at)
  select kind, alert_id, status, attempts, error, created_at, created_at, created_at from mail_log;
drop table mail_log;

-- A report's one outcome mail is a row of the outbox; the report names it, and shows how it went.
alter table listing_reports add column outcome_mail_id uuid references mail_outbox (id) on delete set null;
alter table listing_reports drop constraint listing_reports_outcome_mail_check;
alter table listing_reports add constraint listing_reports_outcome_mail_check
  check (outcome_mail in ('sent', 'failed', 'held', 'queued'));
