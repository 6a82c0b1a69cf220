-- Login throttling: failed and successful attempts per account and per IP, kept in the
-- database so every instance sees them; old rows are ignored by time and trimmed at login.
create table login_attempts (
  id bigserial primary key,
  email text not null,
  ip text not null,
  succeeded boolean not null,
  attempted_at timestamptz not null default now()
);

create index login_attempts_email_idx on login_attempts (lower(email), attempted_at);
create index login_attempts_ip_idx on login_attempts (ip, attempted_at);
