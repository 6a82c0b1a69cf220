-- How a publish was made, named for what happened (docs/decisions/0014-publisher.md): "full" meant
-- both an operator's rebuild and a child `astro build`, and a deploy-hook call had no name at all.
alter table publish_builds drop constraint if exists publish_builds_mode_check;
update publish_builds set mode = case mode when 'incremental' then 'in-process' when 'full' then 'astro-build' else mode end;
alter table publish_builds add constraint publish_builds_mode_check check (mode in ('in-process', 'astro-build', 'deploy-hook'));
