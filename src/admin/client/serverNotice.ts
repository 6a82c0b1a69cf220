import { useEffect } from 'react';
import { NOTICE_COOKIE, NOTICE_COOKIE_RULES, NOTICES, noticeForThisPage } from '../../domain/adminNotice';
import { cookieString } from '../../domain/cookieString';
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
    const secure = location.protocol === 'https:';
    document.cookie = cookieString(NOTICE_COOKIE, '', { ...NOTICE_COOKIE_RULES, maxAge: 0, secure });
    const notice = NOTICES[name];
    if (notice.kind === 'error') notify.error(notice.message, notice.title);
    else notify.success(notice.message, notice.title);
  }, []);
}
