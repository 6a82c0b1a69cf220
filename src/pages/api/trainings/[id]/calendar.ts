import { route } from '#src/http/route';
import { idParam } from '#src/http/body';
import { notFound } from '#src/http/errors';
import * as trainings from '#src/data/trainings';
import { calendarFileName, trainingCalendar } from '#src/domain/feeds/calendar';
import { serverEnv } from '#src/settings';

export const prerender = false;

/** 'Add to Calendar': the same event as in the feeds, for one published training; drafts and unknown ids are 404. */
export const GET = route(async (ctx) => {
  const training = await trainings.findPublishedById(idParam(ctx));
  if (!training) throw notFound('Training not found');
  return new Response(trainingCalendar(training, serverEnv().siteUrl), {
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${calendarFileName(training.title)}"`,
      'cache-control': 'no-store',
    },
  });
});
