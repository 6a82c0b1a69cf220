import type { ReactNode } from 'react';

const TONES = {
  slate: 'bg-slate-200 text-slate-800',
  green: 'bg-green-100 text-green-900',
  amber: 'bg-amber-100 text-amber-900',
  brand: 'bg-brand-100 text-brand-900',
  red: 'bg-red-100 text-red-900',
} as const;

/** A small label that never breaks inside ("In-Person" stays on one line). */
export function Badge({ tone = 'slate', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>
      {children}
    </span>
  );
}
