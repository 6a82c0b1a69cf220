-- The review queue (docs/product.md, Review queue; ADR 0024): a partner's new training or edit waits as
-- a submission until a reviewer (owner, admin, editor) approves or rejects it.
--
-- An edit of a live training keeps the live row as it is: the proposed fields live here, and approving
-- applies them through the normal write path. A new training is stored as a row that is not published
-- (and cannot be, see below) until it is approved.
create table submissions (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('training_create', 'training_edit', 'trainer_edit')),
  record_id uuid not null,
  trainer_id uuid references trainers (id) on delete cascade,
  proposed jsonb not null,
  partner_id uuid references admin_users (id) on delete set null,
  partner_email text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'withdrawn')),
  reviewer_id uuid references admin_users (id) on delete set null,
  reviewer_email text,
  reason text,
  created_at timestamptz not null default now(),
  decided_at timestamptz,
  -- The If-Match of the queue's actions: raised by every change, so two reviewers cannot both decide.
  version integer not null default 1
);
create index submissions_pending_idx on submissions (created_at, id) where status = 'pending';
create index submissions_record_idx on submissions (record_id, created_at desc);

-- A partner's training that no reviewer has approved yet. Every public reader lists only published
-- rows, and the trigger makes "published" impossible while the row is here: the rule holds in one
-- place, whatever a writer sends as isPublished.
create table unreviewed_trainings (
  training_id uuid primary key references trainings (id) on delete cascade,
  since timestamptz not null default now()
);

create function trainings_unreviewed_stay_private() returns trigger language plpgsql as $$
begin
  if new.is_published and exists (select 1 from unreviewed_trainings where training_id = new.id) then
    raise exception 'training % awaits review and cannot be published', new.id using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

create trigger trainings_unreviewed_stay_private before insert or update of is_published on trainings
  for each row execute function trainings_unreviewed_stay_private();

-- The change history names the partner who proposed a change a reviewer approved.
alter table change_history add column proposed_by text;

-- At most one "new submission" mail an hour to each reviewer.
create table review_mail_sent (
  member_id uuid primary key references admin_users (id) on delete cascade,
  sent_at timestamptz not null
);
