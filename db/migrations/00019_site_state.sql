-- "queued" is derived from the request ids (src/domain/siteStatus.ts), never stored: a site's state
-- says only whether a build of it runs now.
update publish_sites set state = 'idle' where state = 'queued';
alter table publish_sites drop constraint if exists publish_sites_state_check;
alter table publish_sites add constraint publish_sites_state_check check (state in ('idle', 'building'));
