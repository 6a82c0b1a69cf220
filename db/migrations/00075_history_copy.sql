-- A training copied to new dates (docs/product.md, Copy to new dates): the new training's history
-- starts with a `copy` entry whose `before` is the training it was copied from.
alter table change_history drop constraint if exists change_history_action_check;
alter table change_history
  add constraint change_history_action_check check (
    (entity_type in ('trainer', 'training')
      and action in ('create', 'update', 'publish', 'unpublish', 'photo', 'delete', 'confirm', 'resolve', 'verify', 'copy')
      and entity_id is not null)
    or (entity_type = 'security' and action ~ '^[a-z][a-z0-9-]{0,63}$')
  );
