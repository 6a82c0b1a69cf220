import { useEffect } from 'react';
import { ADMIN } from '../../domain/adminPaths';
import { NOTICE_COOKIE, NOTICES, noticeForThisPage } from '../../domain/adminNotice';
import { isLeavingByFormPost } from '../../domain/formPostMark';
import { notify } from './notify';

/**
 * Shows the toast that a plain form post left for this page (domain/adminNotice.ts), once: the
 * cookie is removed as it is read. A page that is leaving by its own form post leaves the cookie for
 * the page the post goes to.
 */
export function useServerNotice(): void {
  useEffect(() => {
    const name = noticeForThisPage(document.cookie, isLeavingByFormPost(document.documentElement));
    if (!name) return;
    document.cookie = `${NOTICE_COOKIE}=; Path=${ADMIN}; Max-Age=0; SameSite=Lax`;
    const notice = NOTICES[name];
    if (notice.kind === 'error') notify.error(notice.message, notice.title);
    else notify.success(notice.message, notice.title);
  }, []);
}
