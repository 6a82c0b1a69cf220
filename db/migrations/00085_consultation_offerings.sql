-- Consultation offerings (docs/product.md, Consultation; docs/decisions/0043-consultation-recurrence.md):
-- the third listing kind, kept by partners and the team exactly like a training: behind the review
-- queue, with the change history and the same proposals. The facts are one JSON document checked by
-- the offering's schema (src/domain/consultation/offering.ts) on every write and every read; the
-- columns are what the database itself needs: the trainer (partner scope), publishing and versions.
create table consultation_offerings (
  id uuid primary key default gen_random_uuid(),
  trainer_id uuid not null references trainers (id) on delete cascade,
  facts jsonb not null,
  is_published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default date_trunc('milliseconds', now()),
  -- The calendar's SEQUENCE: raised on every update.
  revision integer not null default 0
);
create index consultation_offerings_trainer_idx on consultation_offerings (trainer_id);
create index consultation_offerings_published_idx on consultation_offerings (id) where is_published;

create function consultation_offerings_touch() returns trigger language plpgsql as $$
begin
  new.updated_at := greatest(date_trunc('milliseconds', now()), old.updated_at + interval '1 millisecond');
  new.revision := old.revision + 1;
  return new;
end;
$$;

create trigger consultation_offerings_touch before update on consultation_offerings
  for each row execute function consultation_offerings_touch();

-- A partner's offering no reviewer has approved yet cannot be published (as unreviewed_trainings, 00037).
create table unreviewed_offerings (
  offering_id uuid primary key references consultation_offerings (id) on delete cascade,
  since timestamptz not null default now()
);

create function offerings_unreviewed_stay_private() returns trigger language plpgsql as $$
begin
  if new.is_published and exists (select 1 from unreviewed_offerings where offering_id = new.id) then
    raise exception 'offering % awaits review and cannot be published', new.id using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

create trigger offerings_unreviewed_stay_private before insert or update of is_published on consultation_offerings
  for each row execute function offerings_unreviewed_stay_private();

alter table submissions drop constraint submissions_kind_check;
alter table submissions add constraint submissions_kind_check
  check (kind in ('training_create', 'training_edit', 'trainer_edit', 'training_delete',
                  'offering_create', 'offering_edit', 'offering_delete'));

alter table change_history drop constraint if exists change_history_entity_type_check;
alter table change_history
  add constraint change_history_entity_type_check check (entity_type in ('trainer', 'training', 'offering', 'security'));
alter table change_history drop constraint if exists change_history_action_check;
alter table change_history
  add constraint change_history_action_check check (
    (entity_type in ('trainer', 'training', 'offering')
      and action in ('create', 'update', 'publish', 'unpublish', 'photo', 'delete', 'confirm', 'resolve', 'verify', 'copy')
      and entity_id is not null)
    or (entity_type = 'security' and action ~ '^[a-z][a-z0-9-]{0,63}$')
  );

-- "Request an introduction" (docs/product.md, Consultation): the requester's address is mailed to the
-- consultant and kept only 30 days (deleted by the retention sweep), to answer a repeat or a complaint.
create table introduction_requests (
  id uuid primary key default gen_random_uuid(),
  offering_id uuid not null references consultation_offerings (id) on delete cascade,
  email text not null,
  name text,
  message text,
  created_at timestamptz not null default now()
);
create index introduction_requests_created_idx on introduction_requests (created_at);
