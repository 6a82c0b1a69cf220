-- The photo objects this database made: an upload URL it issued ('upload', until it is
-- registered) and a re-encoded trainer photo ('photo'). The sweep and the release of a replaced photo
-- delete only these, so a database that shares the uploads folder or bucket with another (staging
-- next to production, a restored or brand-new database on an old DATA_DIR) never deletes the other's.
create table photo_objects (
  key text primary key,
  kind text not null check (kind in ('upload', 'photo')),
  created_at timestamptz not null default now()
);

-- Photos trainers show today were made by this database.
insert into photo_objects (key, kind)
select distinct coalesce(photo_key, substring(photo from '([a-f0-9]{32})$')), 'photo'
from trainers
where coalesce(photo_key, substring(photo from '([a-f0-9]{32})$')) is not null
on conflict do nothing;
