import type { SubmitEvent } from 'react';
import { NOTICES } from '../domain/adminNotice';
import { api } from './api';
import { notify } from './notify';
import { useServerNotice } from './serverNotice';
import Button from '../ui/Button';

/**
 * The dashboard's Logout: a real form, so a click before the island hydrates still logs
 * out (the server redirects to the login page). Once hydrated it makes the JSON call and shows the
 * usual toasts. It also shows the toast a form sign-in left for the dashboard.
 */
export default function LogoutButton() {
  useServerNotice();

  const logout = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await api('POST', '/api/admin/logout');
      notify.flash(NOTICES['logged-out'].message, NOTICES['logged-out'].title);
      window.location.assign('/admin/login');
    } catch {
      notify.error('Failed to logout');
    }
  };

  return (
    <form method="post" action="/api/admin/logout" onSubmit={logout}>
      <Button type="submit" variant="secondary">
        Logout
      </Button>
    </form>
  );
}
