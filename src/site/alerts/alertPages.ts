import type { LinkProblem } from '../../domain/alerts/alerts';

/** Words shared by the alert links' pages (src/pages/alerts). */
export const buttonClass =
  'rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export const secondaryButtonClass =
  'rounded-md border border-brand-700 px-3 py-2 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

export const frequencyText = (frequency: 'daily' | 'weekly') =>
  frequency === 'daily' ? 'a daily digest' : 'a weekly digest';

const PROBLEMS: Record<LinkProblem, { heading: string; text: string }> = {
  invalid: { heading: 'This link does not work', text: 'Check that the whole link was copied from the email.' },
  expired: {
    heading: 'This link has expired',
    text: 'Links in alert emails work for 7 days. Ask for the alert again from any list of trainings.',
  },
  used: {
    heading: 'This link was already used',
    text: 'Each confirmation link works once, and only the newest one sent. An alert already confirmed stays on.',
  },
};

export function alertLinkProblem(problem: LinkProblem) {
  return PROBLEMS[problem];
}
