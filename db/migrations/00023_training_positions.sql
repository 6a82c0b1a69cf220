-- Near me (docs/product.md, Near me): an optional US ZIP code and the position the server
-- derives from it (or an admin sets by hand). Rows from before have neither and keep working; the
-- distance is computed in memory over the public listing, so no geo extension is needed.
alter table trainings
  add column postal_code text check (postal_code ~ '^[0-9]{5}$'),
  add column latitude double precision check (latitude between -90 and 90),
  add column longitude double precision check (longitude between -180 and 180),
  add constraint trainings_position_whole check ((latitude is null) = (longitude is null));
