import { signInForPath } from '../../domain/team/landing';
import type { SubmitEvent } from 'react';
import { NOTICES } from '../../domain/adminNotice';
import { api, ApiError } from '../client/api';
import { notify } from '../client/notify';
import { useServerNotice } from '../client/serverNotice';
import Button from '../../ui/Button';

/**
 * The dashboard's Logout, in the nav's place and look (MemberAreaLayout's): a real form, so a click before the island hydrates still logs
 * out (the server redirects to the login page). Once hydrated it makes the JSON call and shows the
 * usual toasts. It also shows the toast a form sign-in left for the dashboard.
 */
export default function LogoutButton() {
  useServerNotice();

  const logout = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The toast is left for the login page before the call: once the server has ended the session,
    // any other call of this page gets 401 and goes to the login page too, and it must find it there.
    notify.flash(NOTICES['logged-out'].message, NOTICES['logged-out'].title);
    try {
      await api('POST', '/api/admin/logout');
    } catch (error) {
      // 401: the session is already gone (another tab, an expired session): the person is logged
      // out, and is told so.
      if (!(error instanceof ApiError && error.status === 401)) {
        notify.dropFlash();
        notify.error('Failed to logout');
        return;
      }
    }
    window.location.assign(signInForPath(window.location.pathname));
  };

  return (
    <form method="post" action="/api/admin/logout" onSubmit={logout}>
      <Button type="submit" variant="secondary" size="sm">
        Logout
      </Button>
    </form>
  );
}
