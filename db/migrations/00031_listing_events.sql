-- How listings perform (docs/product.md, Performance; docs/decisions/0020-listing-analytics.md):
-- page views, Register clicks, calendar downloads and widget impressions, counted per training per
-- day (UTC). No address, agent, cookie or anything else about a visitor is kept.
create table listing_event_counts (
  training_id uuid not null references trainings (id) on delete cascade,
  day date not null,
  type text not null check (type in ('view', 'register', 'calendar', 'widget')),
  count integer not null check (count > 0),
  primary key (training_id, day, type)
);

-- The Performance page reads a period for every training.
create index listing_event_counts_day_idx on listing_event_counts (day);

-- Today's keyed hashes of (client address, user agent, training, type): a repeat from one client
-- counts once a day. The key changes every day and is never stored, so a hash cannot be tested
-- against guessed addresses; yesterday's rows are deleted by the first write of a new day.
create table listing_event_seen (
  day date not null,
  hash text not null,
  primary key (day, hash)
);
