import type { APIContext } from 'astro';
import { loadSiteData } from '../../prerender/siteData';
import { offeringCalendar, type CalendarOffering } from '../../domain/consultation/offeringCalendar';

/** An offering's calendar file: one event with its repeat rule and skipped dates (ADR 0043). */
export function getStaticPaths() {
  return (loadSiteData().offerings ?? []).map((offering) => ({ params: { id: offering.id }, props: { offering } }));
}

export function GET({ props, site }: APIContext) {
  const offering = props.offering as CalendarOffering;
  return new Response(offeringCalendar(offering, site!), {
    headers: { 'content-type': 'text/calendar; charset=utf-8' },
  });
}
