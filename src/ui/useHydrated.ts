import { useEffect, useState } from 'react';

/**
 * False in the server-rendered HTML and until the island has taken over. Admin submit buttons stay
 * disabled until then, so an early click never submits the form natively (losing what was typed).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
