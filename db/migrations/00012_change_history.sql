-- A history of every admin change, written in the same transaction as the change: who, when, what,
-- and the record before and after (a deleted record can be read back from its last entry).
create table change_history (
  id bigserial primary key,
  changed_at timestamptz not null default now(),
  admin_id uuid references admin_users (id) on delete set null,
  admin_email text not null,
  entity_type text not null check (entity_type in ('trainer', 'training')),
  entity_id uuid not null,
  action text not null check (action in ('create', 'update', 'publish', 'unpublish', 'photo', 'delete')),
  before jsonb,
  after jsonb
);

create index change_history_newest_idx on change_history (id desc);
create index change_history_entity_idx on change_history (entity_type, entity_id, id desc);

-- A trainer's photo is also held by its storage key, so deciding which stored objects are in use
-- never depends on the public URL base (S3_PUBLIC_URL may change, a bucket may be shared).
alter table trainers add column photo_key text;

-- Existing photos: the key is the last path segment of a local (/objects/<key>) or S3
-- (<base>/trainer-photos/<key>) photo path.
update trainers
set photo_key = substring(photo from '([a-f0-9]{32})$')
where photo ~ '(^/objects/|/trainer-photos/)[a-f0-9]{32}$';

create index trainers_photo_key_idx on trainers (photo_key) where photo_key is not null;
