-- Notices a member has put away (docs/product.md, Partners: "First visit"): the partner area's
-- introduction shows until its member dismisses it, on every device they sign in from. A row per
-- member and notice; rows go with their member.
create table member_notices_dismissed (
  member_id uuid not null references admin_users (id) on delete cascade,
  notice text not null,
  dismissed_at timestamptz not null default now(),
  primary key (member_id, notice)
);
