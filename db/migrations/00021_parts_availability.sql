-- Programs in parts and whether a seat is left (docs/product.md, Parts and Availability). Every
-- column has a default, so rows and callers from before keep working unchanged: no parts, open.
-- The parts are one JSON document read and written whole with the training; with parts, the
-- training's start_date and end_date are the first part's start and the last part's end, derived by
-- the server, so the listing, the date filters and the end rule read the same two columns as before.
alter table trainings
  add column parts jsonb not null default '[]'::jsonb,
  add column availability text not null default 'open'
    check (availability in ('open', 'few_seats', 'sold_out', 'waitlist', 'cancelled', 'postponed')),
  add column seats_left integer check (seats_left >= 0),
  add column waitlist_url text;
