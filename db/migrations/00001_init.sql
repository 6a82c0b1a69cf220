-- Initial schema (docs/product.md). Forwards-only: never edit an applied migration, add a new file.

create table trainers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) > 0),
  bio text not null,
  credentials text,
  photo text,
  website text,
  thinkific_affiliate_url text,
  states_served text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table trainings (
  id uuid primary key default gen_random_uuid(),
  trainer_id uuid not null references trainers (id) on delete cascade,
  title text not null check (length(title) > 0),
  description text not null,
  price integer not null check (price >= 0),
  start_date timestamptz not null,
  end_date timestamptz not null,
  location text not null,
  venue text,
  format varchar(20) not null check (format in ('In-Person', 'Virtual', 'Hybrid')),
  state varchar(2) check (state in ('AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY')),
  is_emdria_certified boolean not null default false,
  ce_credits integer not null default 0 check (ce_credits >= 0),
  schedule text,
  refund_policy text,
  thinkific_url text not null,
  is_published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index trainings_trainer_id_idx on trainings (trainer_id);
create index trainings_published_start_idx on trainings (start_date) where is_published;

create table admin_users (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text not null,
  created_at timestamptz not null default now()
);

-- Emails are unique regardless of case.
create unique index admin_users_email_key on admin_users (lower(email));

-- Sessions follow Lucia's guide: the token is `id.secret`; only SHA-256 of the secret is stored.
create table admin_sessions (
  id text primary key,
  admin_id uuid not null references admin_users (id) on delete cascade,
  secret_hash bytea not null,
  created_at timestamptz not null default now(),
  last_verified_at timestamptz not null default now()
);

create index admin_sessions_admin_id_idx on admin_sessions (admin_id);
