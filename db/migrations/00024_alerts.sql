-- Email alerts (docs/product.md, Alerts): "tell me when a training like this is listed".

-- When each training was first published: a digest holds only the trainings first published since
-- that alert's last digest. A table of its own, so the trainings row (its history, its ETag, the
-- public JSON) does not change. A trigger records it whichever code path publishes (the admin API,
-- the seed, a script); unpublishing and publishing again keeps the first time. Rows published before
-- this migration count from their creation.
create table training_first_published (
  training_id uuid primary key references trainings (id) on delete cascade,
  first_published_at timestamptz not null default now()
);

create index training_first_published_at_idx on training_first_published (first_published_at);

insert into training_first_published (training_id, first_published_at)
  select id, created_at from trainings where is_published;

create function trainings_record_first_published() returns trigger language plpgsql as $$
begin
  insert into training_first_published (training_id) values (new.id) on conflict (training_id) do nothing;
  return null;
end;
$$;

create trigger trainings_record_first_published after insert or update on trainings
  for each row when (new.is_published)
  execute function trainings_record_first_published();

-- One saved search of one email address. Unconfirmed ones are deleted after 7 days, confirmed ones a
-- year after their last confirmation. `confirm_nonce` is in the confirmation link's signed token and
-- changes when it is used or a new link is sent, so each link confirms once. `listed_since` is the
-- watermark: trainings first published after it are new to this alert.
create table alerts (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) between 3 and 254),
  query text not null check (length(query) <= 2000),
  frequency text not null check (frequency in ('daily', 'weekly')),
  confirm_nonce text not null,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  listed_since timestamptz,
  last_sent_at timestamptz
);

create index alerts_email_idx on alerts (lower(email));
create index alerts_confirmed_idx on alerts (confirmed_at);
create index alerts_created_idx on alerts (created_at) where confirmed_at is null;

-- Every mail the site sends or failed to send after its retries: the admin dashboard's "mails sent in
-- the last 7 days" and failures. No address is kept here; kind and alert say what it was.
create table mail_log (
  id bigserial primary key,
  kind text not null check (kind in ('confirmation', 'digest')),
  alert_id uuid references alerts (id) on delete set null,
  status text not null check (status in ('sent', 'failed')),
  attempts integer not null,
  error text,
  created_at timestamptz not null default now()
);

create index mail_log_created_idx on mail_log (created_at);

-- Fixed-window request counters (the alert form's limits per client address and per email address).
create table request_limits (
  key text primary key,
  count integer not null,
  window_started_at timestamptz not null default now()
);

create index request_limits_window_idx on request_limits (window_started_at);
