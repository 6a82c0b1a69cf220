import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { US_STATES } from '../../domain/states';
import { $filters, setFilters, startUrlSync } from '../filtersStore';
import Button from '../../ui/Button';

/** Hero state picker: 'Find Trainings' sets the state filter and scrolls to the list. */
export default function HeroStatePicker() {
  const filters = useStore($filters);
  // Read while hydrating, before React resets the control; applied after, so the first render
  // matches the server's HTML (React does not patch a mismatched `disabled` while hydrating).
  const [early] = useState(() =>
    typeof document === 'undefined'
      ? ''
      : ((document.getElementById('hero-state') as HTMLSelectElement | null)?.value ?? ''),
  );
  const [state, setState] = useState('');
  useEffect(() => {
    startUrlSync();
    if (early) setState(early);
  }, []);
  // Follows the state filter when it changes (the list's dropdown, Back), not on mount.
  const seen = useRef(filters.state);
  useEffect(() => {
    if (seen.current !== filters.state) setState(filters.state);
    seen.current = filters.state;
  }, [filters.state]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!state) return;
    setFilters({ state });
    const section = document.getElementById('trainings');
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    document.getElementById('trainings-heading')?.focus({ preventScroll: true });
  };

  return (
    <form method="get" action="/trainings" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row">
      <label htmlFor="hero-state" className="sr-only">
        Your state
      </label>
      <select
        id="hero-state"
        name="state"
        value={state}
        onChange={(event) => setState(event.target.value)}
        className="w-full rounded-md border border-slate-400 bg-white px-4 py-3 text-slate-900 sm:w-72"
      >
        <option value="">Select your state...</option>
        {US_STATES.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      <Button type="submit" variant="accent" size="lg" disabled={!state}>
        Find Trainings
      </Button>
    </form>
  );
}
