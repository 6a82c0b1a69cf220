-- Login back-off instead of hard lockout. One row per throttled subject:
--   account:<email>       failures against one account (skipped for addresses that signed in before)
--   address:<ip>          failures from one client address
--   known:<email> <ip>    an address that signed in to that account successfully
-- `blocked_until` is when the next attempt may be verified; rows not updated for a while mean
-- nothing and are pruned as attempts are written. The former per-attempt log is replaced.
drop table login_attempts;

create table login_attempts (
  key text primary key,
  failures integer not null default 0,
  blocked_until timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index login_attempts_updated_at_idx on login_attempts (updated_at);
