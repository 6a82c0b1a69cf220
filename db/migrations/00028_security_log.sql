-- Security events (sign-ins, second factors, invitations, role changes, removals) join the change
-- history (docs/product.md, "Security log"). A security entry has entity_type 'security', its event
-- type in action, the member it is about (if any) in entity_id + subject_email, what else matters in
-- detail (never a secret), and the client address already truncated to /24 or /48.
-- The event types are listed once, in src/domain/securityEvents.ts; the check below only keeps their
-- shape, so a new type needs no migration. Record entries keep their own actions.
alter table change_history drop constraint if exists change_history_entity_type_check;
alter table change_history drop constraint if exists change_history_action_check;
alter table change_history
  add constraint change_history_entity_type_check check (entity_type in ('trainer', 'training', 'security'));
alter table change_history
  add constraint change_history_action_check check (
    (entity_type in ('trainer', 'training')
      and action in ('create', 'update', 'publish', 'unpublish', 'photo', 'delete')
      and entity_id is not null)
    or (entity_type = 'security' and action ~ '^[a-z][a-z0-9-]{0,63}$')
  );
alter table change_history alter column entity_id drop not null;
alter table change_history add column subject_email text;
alter table change_history add column client_address text;
alter table change_history add column detail jsonb;

-- The history page filters by event type and by actor.
create index change_history_action_idx on change_history (action, id desc);
create index change_history_actor_idx on change_history (lower(admin_email), id desc);
