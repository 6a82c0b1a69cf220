-- A partner's delete of a training the public sees is a request the team reviews (docs/product.md,
-- Review queue; docs/decisions/0037-one-write-path.md): a submission of its own kind, proposing nothing.
alter table submissions drop constraint submissions_kind_check;
alter table submissions add constraint submissions_kind_check
  check (kind in ('training_create', 'training_edit', 'trainer_edit', 'training_delete'));

-- Reports outlive their training (docs/product.md, Report a problem): deleting a training, or its
-- trainer, no longer deletes what visitors reported about it. The report keeps the training's id and,
-- once the training is gone, its last title, so the team still reads it, ends it, and the reporter
-- still gets the one mail saying how it ended.
alter table listing_reports drop constraint listing_reports_training_id_fkey;
alter table listing_reports add column listing_title text;

create function listing_reports_keep_title() returns trigger language plpgsql as $$
begin
  update listing_reports set listing_title = old.title where training_id = old.id;
  return old;
end;
$$;

-- A row trigger: it also runs for the trainings a trainer's delete cascades to.
create trigger listing_reports_keep_title before delete on trainings
  for each row execute function listing_reports_keep_title();
