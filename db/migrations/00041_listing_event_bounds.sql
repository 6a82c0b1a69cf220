-- What one client can add to the listing counts, and how large the table of today's keyed hashes can
-- grow, are bounded whatever clients send (docs/product.md, Performance; docs/decisions/0020).
-- `client` is the day's keyed hash of the client's address (an IPv6 client: its /64): it links the
-- hashes of one client's events of the day to one another, never to a training or an address, and
-- goes with them at the end of the day. Rows written before this migration count for nobody.
alter table listing_event_seen add column client text not null default '';
create index listing_event_seen_client_idx on listing_event_seen (day, client);

-- How many hashes each day holds, kept by the statement that adds them, so the day's bound is
-- checked without counting the table.
create table listing_event_seen_days (
  day date primary key,
  rows integer not null check (rows >= 0)
);
insert into listing_event_seen_days (day, rows) select day, count(*)::int from listing_event_seen group by day;
