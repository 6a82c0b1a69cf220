-- Several instances on one PostgreSQL, each with its own DATA_DIR (docs/decisions/0004-scale-out.md).
-- A "site" is one copy of the published files: one DATA_DIR (its id lives in DATA_DIR/site/site-id),
-- or the CDN in deploy-hook mode. Each site keeps its own publish progress, so an instance whose files
-- are behind rebuilds even when another instance has already published the same change.
create table publish_sites (
  site_id text primary key,
  state text not null default 'idle' check (state in ('idle', 'queued', 'building')),
  published_request_id bigint not null default 0,
  -- A failed build is retried only when a newer request arrives (or at the next start).
  failed_request_id bigint not null default 0,
  live_build_id text,
  last_published_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  building_since timestamptz,
  updated_at timestamptz not null default now()
);

-- The single-row state it replaces described one site for every instance, which is what let a second
-- machine believe it was up to date with files it never built.
drop table publish_state;

-- One row per build or deploy-hook call: what operators and tests read instead of log lines.
create table publish_builds (
  id bigserial primary key,
  site_id text not null,
  instance_id text not null,
  request_id bigint not null,
  kind text not null check (kind in ('boot', 'change', 'daily', 'hook')),
  build_id text,
  outcome text check (outcome in ('published', 'failed', 'aborted')),
  rendered integer,
  restored integer,
  error text,
  started_at timestamptz not null default now(),
  ended_at timestamptz
);
create index publish_builds_site_idx on publish_builds (site_id, id);

-- Every running process says it is alive every few seconds; one that stops saying so drops off the fleet.
create table fleet_instances (
  instance_id text primary key,
  site_id text not null,
  hostname text not null,
  pid integer not null,
  address text,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now()
);

-- Trainer photos when DATABASE_URL is set and no bucket is: every instance reads the same bytes.
-- content_type is read from the bytes on arrival; null means "not an image", never served.
create table stored_objects (
  key text primary key check (key ~ '^[a-f0-9]{32}$'),
  content_type text,
  size integer not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);
