import type { AlertFrequencyValue } from './alerts';

/** Where the pages' alert form posts (src/pages/alerts/subscribe.astro): HTML in, HTML out. */
export const ALERT_SIGNUP_PATH = '/alerts/subscribe';

/** The form's choices, in the order shown; the first is the default. */
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequencyValue, string> = {
  daily: 'As they are listed (daily digest)',
  weekly: 'Weekly',
};
