import { useFormContext, useWatch } from 'react-hook-form';
import { AVAILABILITIES } from '../../domain/parts/availability';
import type { TrainingFormValues } from '../../domain/trainingForm';
import { FormField } from '../../ui/FormField';
import { optionalNumber } from './trainingFormValues';
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';

const OPTIONS = AVAILABILITIES.map((a) => ({ value: a.value, label: a.label }));

/**
 * Whether a seat is left (docs/product.md, Availability): the state, the number of seats when few
 * are left, and the waitlist's address. The count is asked for only when it is shown.
 */
export function AvailabilityFields() {
  const { control } = useFormContext<TrainingFormValues>();
  const availability = useWatch({ control, name: 'availability' });
  return (
    <>
      <FormField
        name="availability"
        label={LABELS.availability}
        hint="Cancelled and postponed trainings stay listed, with their badge, until they end"
        as="select"
        options={OPTIONS}
      />
      {availability === 'few_seats' ? (
        <FormField
          name="seatsLeft"
          label={LABELS.seatsLeft}
          hint="Shown on the card as 'Only 4 seats left'; empty says 'Few seats left'"
          type="number"
          min={0}
          step={1}
          setValueAs={optionalNumber}
        />
      ) : (
        <div aria-hidden="true" />
      )}
      <FormField
        name="waitlistUrl"
        label={LABELS.waitlistUrl}
        hint="https:// address; a sold-out training with one shows 'Join waitlist'"
        type="url"
        className="md:col-span-2"
      />
    </>
  );
}
