import { useEffect } from 'react';
import { isNoticeName, NOTICE_COOKIE, NOTICES } from '../domain/adminNotice';
import { notify } from './notify';

/**
 * Shows the toast that a plain form post left for this page (domain/adminNotice.ts), once: the
 * cookie is removed as it is read.
 */
export function useServerNotice(): void {
  useEffect(() => {
    const value = document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${NOTICE_COOKIE}=`))
      ?.slice(NOTICE_COOKIE.length + 1);
    if (!isNoticeName(value)) return;
    document.cookie = `${NOTICE_COOKIE}=; Path=/admin; Max-Age=0; SameSite=Lax`;
    const notice = NOTICES[value];
    if (notice.kind === 'error') notify.error(notice.message, notice.title);
    else notify.success(notice.message, notice.title);
  }, []);
}
