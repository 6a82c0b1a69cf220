import { FormField } from '../ui/FormField';

/** Start Date and End Date (SPEC §2: date-time pickers, local time), one block of the training form. */
export function TrainingDatesFields() {
  return (
    <>
      <FormField name="startDate" label="Start Date" required type="datetime-local" />
      <FormField name="endDate" label="End Date" required type="datetime-local" />
    </>
  );
}
