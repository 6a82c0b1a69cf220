-- Who uploaded each object, and how large the upload was (docs/product.md, Photos):
-- a photo no live trainer row shows yet is served only to the member who uploaded it and to the team,
-- and a partner's uploads are bounded (outstanding upload URLs, bytes a day). Objects made before
-- this migration have no uploader: only the team sees them until a trainer row shows them.
alter table photo_objects
  add column uploaded_by uuid references admin_users (id) on delete set null,
  add column bytes integer check (bytes >= 0);
create index photo_objects_uploader_idx on photo_objects (uploaded_by, created_at) where uploaded_by is not null;
