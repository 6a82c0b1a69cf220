import { useWatch } from 'react-hook-form';
import { FormField } from '../ui/FormField';
import type { TrainingFormValues } from '../domain/trainingForm';

/** The ZIP code as it was loaded, with the place the server found for it. */
export interface SavedPostalCode {
  postalCode: string | null;
  postalPlace?: string | null;
}

const HINT = '5-digit US ZIP code of the venue, for searches near a place';

/**
 * The training's ZIP code, with its place ("Sacramento, CA") under it while it is the one saved: the
 * place comes from the server's answer, as the ZIP table never goes to the browser. A changed ZIP code
 * shows the plain hint; the server checks it on save and a refusal shows under the field.
 */
export function PostalCodeField({ saved }: { saved: SavedPostalCode | null }) {
  const typed = useWatch<TrainingFormValues, 'postalCode'>({ name: 'postalCode' });
  const place = saved?.postalCode && typed?.trim() === saved.postalCode ? saved.postalPlace : null;
  return <FormField name="postalCode" label="ZIP code" hint={place ?? HINT} />;
}
