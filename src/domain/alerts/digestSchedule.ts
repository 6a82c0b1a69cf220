import { Temporal } from 'temporal-polyfill';

/**
 * When the alert digests go out (docs/product.md, Alerts): every day at 07:00 in the site's zone
 * (SITE_TIME_ZONE), the weekly ones too on Mondays. 07:00 exists every day in every zone (daylight
 * saving changes happen at night), and Temporal resolves any gap forwards.
 */
export const DIGEST_HOUR = 7;

export interface DigestRunTime {
  at: Date;
  /** Monday's run: the weekly alerts too. */
  weekly: boolean;
}

/** The first 07:00 in `zone` strictly after `now`. */
export function nextDigestRun(now: Date, zone: string): DigestRunTime {
  return nextDailyRun(now, zone, DIGEST_HOUR);
}

/** The first `hour`:00 in `zone` strictly after `now` (the digests; the daily jobs of Trust). */
export function nextDailyRun(now: Date, zone: string, hour: number): DigestRunTime {
  const here = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone);
  let day = here.toPlainDate();
  for (;;) {
    const run = day.toZonedDateTime({ timeZone: zone, plainTime: new Temporal.PlainTime(hour) });
    if (Temporal.Instant.compare(run.toInstant(), here.toInstant()) > 0)
      return { at: new Date(run.epochMilliseconds), weekly: run.dayOfWeek === 1 };
    day = day.add({ days: 1 });
  }
}
