-- A training has the IANA time zone it runs in: its page, card, calendar file and event data read
-- its times there. Existing rows get their state's default zone (the one where most of a split state's
-- people live), or Eastern Time, the zone every date was shown in until now. The same table lives in
-- src/domain/timeZones.ts; a unit test checks that the two agree.
alter table trainings add column time_zone text;

update trainings set time_zone = case state
    when 'AL' then 'America/Chicago'
    when 'AK' then 'America/Anchorage'
    when 'AZ' then 'America/Phoenix'
    when 'AR' then 'America/Chicago'
    when 'CA' then 'America/Los_Angeles'
    when 'CO' then 'America/Denver'
    when 'CT' then 'America/New_York'
    when 'DE' then 'America/New_York'
    when 'FL' then 'America/New_York'
    when 'GA' then 'America/New_York'
    when 'HI' then 'Pacific/Honolulu'
    when 'ID' then 'America/Denver'
    when 'IL' then 'America/Chicago'
    when 'IN' then 'America/New_York'
    when 'IA' then 'America/Chicago'
    when 'KS' then 'America/Chicago'
    when 'KY' then 'America/New_York'
    when 'LA' then 'America/Chicago'
    when 'ME' then 'America/New_York'
    when 'MD' then 'America/New_York'
    when 'MA' then 'America/New_York'
    when 'MI' then 'America/New_York'
    when 'MN' then 'America/Chicago'
    when 'MS' then 'America/Chicago'
    when 'MO' then 'America/Chicago'
    when 'MT' then 'America/Denver'
    when 'NE' then 'America/Chicago'
    when 'NV' then 'America/Los_Angeles'
    when 'NH' then 'America/New_York'
    when 'NJ' then 'America/New_York'
    when 'NM' then 'America/Denver'
    when 'NY' then 'America/New_York'
    when 'NC' then 'America/New_York'
    when 'ND' then 'America/Chicago'
    when 'OH' then 'America/New_York'
    when 'OK' then 'America/Chicago'
    when 'OR' then 'America/Los_Angeles'
    when 'PA' then 'America/New_York'
    when 'RI' then 'America/New_York'
    when 'SC' then 'America/New_York'
    when 'SD' then 'America/Chicago'
    when 'TN' then 'America/Chicago'
    when 'TX' then 'America/Chicago'
    when 'UT' then 'America/Denver'
    when 'VT' then 'America/New_York'
    when 'VA' then 'America/New_York'
    when 'WA' then 'America/Los_Angeles'
    when 'WV' then 'America/New_York'
    when 'WI' then 'America/Chicago'
    when 'WY' then 'America/Denver'
    else 'America/New_York'
  end;

-- Rows written outside the app (scripts, raw SQL) keep the zone the site showed before zones existed.
alter table trainings
  alter column time_zone set default 'America/New_York',
  alter column time_zone set not null,
  add constraint trainings_time_zone_check check (time_zone in ('America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'America/Adak', 'Pacific/Honolulu'));
