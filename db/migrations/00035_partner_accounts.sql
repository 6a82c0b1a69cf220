-- Partner accounts (docs/product.md, Partners): a trainer's own sign-in. A partner is a
-- member with the role 'partner', linked to one or more trainer profiles (an institute's staff may
-- keep several trainers, and a profile may have several partners). An invitation for a partner names
-- the profiles it links on acceptance. The owner may mark a partner trusted: their changes then apply
-- without review.
alter table admin_users drop constraint admin_users_role_check;
alter table admin_users add constraint admin_users_role_check check (role in ('owner', 'admin', 'editor', 'partner'));
alter table admin_users add column trusted boolean not null default false;

alter table admin_invitations drop constraint admin_invitations_role_check;
alter table admin_invitations add constraint admin_invitations_role_check check (role in ('admin', 'editor', 'partner'));

create table partner_trainers (
  member_id uuid not null references admin_users (id) on delete cascade,
  trainer_id uuid not null references trainers (id) on delete cascade,
  linked_at timestamptz not null default now(),
  primary key (member_id, trainer_id)
);
create index partner_trainers_trainer_idx on partner_trainers (trainer_id);

create table invitation_trainers (
  invitation_id uuid not null references admin_invitations (id) on delete cascade,
  trainer_id uuid not null references trainers (id) on delete cascade,
  primary key (invitation_id, trainer_id)
);
