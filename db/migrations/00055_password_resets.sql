-- "Forgot password?" (docs/product.md, Passwords): a single-use link, valid for an hour, mailed to a
-- member. Only SHA-256 of the link's token is stored. A newer link replaces the member's older ones;
-- a used one keeps its row (used_at) so that it is refused as used, and rows go with their member.
create table password_resets (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null references admin_users (id) on delete cascade,
  token_hash bytea not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index password_resets_admin_idx on password_resets (admin_id);
