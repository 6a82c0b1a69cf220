-- Import (docs/product.md, Import; docs/decisions/0047-import-matching-and-locks.md). A run is a
-- preview kept until it is applied: who, which source, what each row or event would do, and once
-- applied the counts and the rows refused. A link ties a listing to the source row or calendar event
-- it came from: its UID, the values the source gave at the last read (`imported`) and the values the
-- listing had right after that read (`written`), so a field changed on the site since is told apart
-- from one the source changed (the field lock). `kind` names the listing kind, training for now.
create table import_runs (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  admin_id uuid references admin_users (id) on delete set null,
  admin_email text not null,
  source_kind text not null check (source_kind in ('csv', 'feed')),
  source text not null,
  feed_id uuid,
  items jsonb not null,
  counts jsonb not null,
  applied_at timestamptz,
  applied_counts jsonb
);

create index import_runs_newest_idx on import_runs (created_at desc);

create table import_feeds (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  admin_id uuid references admin_users (id) on delete cascade,
  admin_email text not null,
  url text not null,
  defaults jsonb not null,
  subscribed boolean not null default false,
  checksum text,
  last_read_at timestamptz,
  unique (admin_id, url)
);

create table import_links (
  listing_id uuid primary key,
  kind text not null default 'training' check (kind in ('training')),
  trainer_id uuid not null,
  uid text,
  source text not null,
  feed_id uuid references import_feeds (id) on delete set null,
  imported jsonb not null,
  written jsonb not null,
  missing_since timestamptz,
  updated_at timestamptz not null default now()
);

create index import_links_uid_idx on import_links (trainer_id, uid);
create index import_links_feed_idx on import_links (feed_id);

-- "Imported from …" on the listing's history (docs/product.md, Import).
alter table change_history add column imported_from text;
