import { z } from 'zod';
import { json } from '#src/http/answers';
import { readJson } from '#src/http/body';
import { HttpError } from '#src/http/errors';
import { requireSignedIn } from '#src/http/guards';
import { route } from '#src/http/route';
import { isMemberNotice } from '#src/domain/team/memberNotices';
import { dismissNotice } from '#src/services/team/partnerWelcome';

export const prerender = false;

/** `PUT /api/admin/me/notices/{notice}` `{}`: the member put this notice away for good; an unknown one is 404. */
export const PUT = route(async (ctx) => {
  const member = await requireSignedIn(ctx);
  await readJson(ctx, z.strictObject({}));
  const notice = ctx.params.notice;
  if (!isMemberNotice(notice)) throw new HttpError(404, 'Not found');
  await dismissNotice(member.adminId, notice);
  return json({ dismissed: notice });
});
