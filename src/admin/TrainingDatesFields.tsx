import { FormField } from '../ui/FormField';

/** Start Date and End Date (date-time pickers, local time): one block, so it can be swapped as one. */
export function TrainingDatesFields() {
  return (
    <>
      <FormField name="startDate" label="Start Date" required type="datetime-local" />
      <FormField name="endDate" label="End Date" required type="datetime-local" />
    </>
  );
}
