-- Publishing: a change that can alter a public page records a request in the same
-- transaction; the publisher builds when requests are newer than the live build.
create table publish_requests (
  id bigserial primary key,
  reason text not null,
  requested_at timestamptz not null default now()
);

-- One row: what the public site shows and what the publisher is doing (GET /api/admin/site-status).
create table publish_state (
  id integer primary key default 1 check (id = 1),
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
insert into publish_state (id) values (1);

-- Small facts about this installation, e.g. that the demo data was seeded once.
create table app_meta (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
