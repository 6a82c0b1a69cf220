import { getSql } from './database/db';
import type { MemberNotice } from '../domain/team/memberNotices';

/** Which notices a member has dismissed (migration 00080): a row per member and notice. */
export async function isDismissed(memberId: string, notice: MemberNotice): Promise<boolean> {
  const sql = await getSql();
  const rows = await sql`
    select 1 from member_notices_dismissed where member_id = ${memberId} and notice = ${notice}`;
  return rows.length > 0;
}

export async function dismiss(memberId: string, notice: MemberNotice): Promise<void> {
  const sql = await getSql();
  await sql`
    insert into member_notices_dismissed (member_id, notice) values (${memberId}, ${notice})
    on conflict (member_id, notice) do nothing`;
}
