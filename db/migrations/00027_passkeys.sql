-- Passkeys (WebAuthn) of admin members (docs/product.md, "Team and sign-in"): a second factor, or a
-- sign-in without a password. `id` is the credential id (base64url) the authenticator chose;
-- `counter` is the last signature counter seen (0 for authenticators that keep none).
create table admin_passkeys (
  id text primary key check (length(id) between 1 and 1400),
  admin_id uuid not null references admin_users (id) on delete cascade,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null check (length(name) between 1 and 100),
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);

create index admin_passkeys_admin_idx on admin_passkeys (admin_id, created_at);

-- The challenges handed out for a registration or a sign-in, until they are used (once) or expire.
-- The browser's signed clientDataJSON names the challenge, so it is its own key. `admin_id` is the
-- member registering, or the member of a pending password step; null for a passwordless sign-in.
create table admin_webauthn_challenges (
  challenge text primary key,
  purpose text not null check (purpose in ('registration', 'authentication')),
  admin_id uuid references admin_users (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index admin_webauthn_challenges_expires_idx on admin_webauthn_challenges (expires_at);
