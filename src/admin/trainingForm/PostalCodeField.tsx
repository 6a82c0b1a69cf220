import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormField } from '../../ui/FormField';
import type { TrainingFormValues } from '../../domain/trainingForm';
import { NEARBY_MESSAGES, POSTAL_CODE } from '../../domain/nearMe/nearby';
import { api, ApiError } from '../client/api';
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';

/** The ZIP code as it was loaded, with the place the server found for it. */
export interface SavedPostalCode {
  postalCode: string | null;
  postalPlace?: string | null;
}

const HINT = '5-digit US ZIP code of the venue, for searches near a place';
/** Typing pauses this long before a ZIP code is looked up. */
const LOOKUP_DELAY_MS = 250;

/**
 * The training's ZIP code, with its place ("Sacramento, CA") under it: the saved one's from the
 * server's answer, a newly typed one's from `GET /api/admin/postal-places/{zip}` once five digits
 * are typed (the ZIP table never goes to the browser). A code the table does not know says so here
 * already; the server still checks it on save, and a refusal shows under the field.
 */
export function PostalCodeField({ saved }: { saved: SavedPostalCode | null }) {
  const typed = useWatch<TrainingFormValues, 'postalCode'>({ name: 'postalCode' })?.trim() ?? '';
  const [looked, setLooked] = useState<{ zip: string; place: string } | null>(null);
  const savedPlace = saved?.postalCode && typed === saved.postalCode ? saved.postalPlace : null;

  useEffect(() => {
    if (savedPlace || !POSTAL_CODE.test(typed)) return;
    let current = true;
    const timer = setTimeout(() => {
      api<{ place: string }>('GET', `/api/admin/postal-places/${typed}`).then(
        ({ place }) => current && setLooked({ zip: typed, place }),
        (error: unknown) => {
          if (current && error instanceof ApiError && error.status === 404)
            setLooked({ zip: typed, place: NEARBY_MESSAGES.unknownPostalCode });
        },
      );
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed, savedPlace]);

  const place = savedPlace ?? (looked?.zip === typed ? looked.place : null);
  return <FormField name="postalCode" label={LABELS.postalCode} hint={place ?? HINT} />;
}
