-- Calendar feeds carry SEQUENCE = revision: calendar clients replace a subscribed event only when its
-- SEQUENCE rises, so every change of a training must raise it, whichever code path writes the row.
-- A trigger does that for every update; a write that sets the revision itself is left alone.
alter table trainings add column revision integer not null default 0;

create function trainings_bump_revision() returns trigger language plpgsql as $$
begin
  if new.revision is not distinct from old.revision then
    new.revision := old.revision + 1;
  end if;
  return new;
end;
$$;

create trigger trainings_bump_revision before update on trainings
  for each row execute function trainings_bump_revision();

-- The trainer's name is part of each event's text: renaming a trainer changes their trainings' events.
create function trainers_bump_training_revisions() returns trigger language plpgsql as $$
begin
  update trainings set revision = revision + 1 where trainer_id = new.id;
  return new;
end;
$$;

create trigger trainers_bump_training_revisions after update of name on trainers
  for each row when (old.name is distinct from new.name)
  execute function trainers_bump_training_revisions();
