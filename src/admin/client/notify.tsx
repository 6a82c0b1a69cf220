import toast, { Toaster } from 'react-hot-toast';
import { useEffect } from 'react';
import { dropFlash, takeFlash, writeFlash } from './flash';

/**
 * Toasts of docs/product.md with react-hot-toast: one at a time, 5 s, at most 420 px wide, a title and a
 * message; errors in the destructive style. A toast for the next page (after a save the user returns
 * to the list) is kept in sessionStorage and shown there (flash.ts).
 */
type Kind = 'success' | 'error';

function show(kind: Kind, title: string, message: string) {
  toast.dismiss();
  const body = (
    <div role={kind === 'error' ? 'alert' : 'status'}>
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
    </div>
  );
  if (kind === 'error') toast.error(body, { style: { background: '#991b1b', color: '#fff', maxWidth: 420 } });
  else toast.success(body, { style: { maxWidth: 420 } });
}

export const notify = {
  success: (message: string, title = 'Success') => show('success', title, message),
  error: (message: string, title = 'Error') => show('error', title, message),
  /** Shows the toast on the page the browser goes to next. */
  flash(message: string, title = 'Success') {
    writeFlash(sessionStorage, { title, message });
  },
  /** Takes back a flash whose action failed after all. */
  dropFlash() {
    dropFlash(sessionStorage);
  },
};

export function AdminToaster() {
  useEffect(() => {
    const flash = takeFlash(sessionStorage);
    if (flash) show('success', flash.title, flash.message);
  }, []);
  // Bottom right, as the original's toast viewport on wide screens (docs/product.md); at the
  // top right a toast arriving with a page covered the header's Logout button mid-click.
  return <Toaster position="bottom-right" toastOptions={{ duration: 5000 }} />;
}
