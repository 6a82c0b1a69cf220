-- A team behind the directory (docs/product.md, The team): each admin has a role, owner, admin or
-- editor. Existing admins become admins; the start-up's bootstrap step makes the bootstrap admin
-- (ADMIN_EMAIL, else admin@localhost, else the oldest) the owner when there is none
-- (src/auth/bootstrap.ts), so no migration guesses who owns the site.
alter table admin_users
  add column role text not null default 'admin' check (role in ('owner', 'admin', 'editor')),
  add column last_sign_in_at timestamptz;

-- At most one owner; handing ownership over demotes the old owner first in the same transaction.
create unique index admin_users_one_owner on admin_users ((true)) where role = 'owner';

-- An invitation to join with a role. Only SHA-256 of the link's token is stored; a link works once
-- (accepted_at), can be revoked (revoked_at) and ends at expires_at (72 hours after creation).
create table admin_invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) between 3 and 320),
  role text not null check (role in ('admin', 'editor')),
  token_hash bytea not null unique,
  invited_by uuid references admin_users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  revoked_at timestamptz
);

create index admin_invitations_open_idx on admin_invitations (created_at)
  where accepted_at is null and revoked_at is null;
