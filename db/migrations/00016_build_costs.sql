-- How each publish was made and what it cost, for operators and the benchmark: a data-only change is
-- rendered in the publisher's own process ('incremental'), anything else by a full `astro build`.
alter table publish_builds add column mode text check (mode in ('incremental', 'full'));
alter table publish_builds add column cpu_ms integer;
alter table publish_builds add column peak_rss_mib integer;

-- 'full': a full build asked for by an operator (npm run build), whatever changed.
alter table publish_builds drop constraint publish_builds_kind_check;
alter table publish_builds add constraint publish_builds_kind_check
  check (kind in ('boot', 'change', 'daily', 'hook', 'full'));
