import { useEffect, useRef } from 'react';

/**
 * Asks before leaving a form with unsaved changes. Every way out of an admin form (a link, Back,
 * reload, closing the tab) unloads the page, so the browser's own "Leave site?" prompt covers them
 * all. `allowLeaving()` is called when a save starts, so going back to the list afterwards does not
 * ask; `keepGuarding()` when the save fails and the changes are still unsaved.
 */
export function useLeaveGuard(dirty: boolean) {
  const saving = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (saving.current) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return {
    allowLeaving: () => (saving.current = true),
    keepGuarding: () => (saving.current = false),
  };
}
