import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { TrainingFormValues } from '../../domain/trainingForm';
import { TIME_ZONES, timeZoneLabel, zoneForState } from '../../domain/time/timeZones';
import { splitStateNote } from '../../domain/time/timeZoneNotes';
import { Field, describedBy, inputClass } from '../../ui/Field';
import { TRAINING_FIELD_LABELS as LABELS } from '../../domain/trainingFieldLabels';

/**
 * Start Date, End Date and Time zone of the training form. The pickers hold wall-clock times on the
 * training zone's clock whatever the admin's browser zone is: the schema turns them into instants in
 * that zone. An empty zone means the state's zone, named here so the admin sees which one it is.
 */
export default function TrainingWhenFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<TrainingFormValues>();
  // A program in parts runs from its first part's start to its last part's end: the server sets
  // both, so the fields only show them.
  const inParts = (useWatch({ control, name: 'parts' }) ?? []).length > 0;
  const anchor = useRef<HTMLDivElement>(null);
  const state = useFormFieldValue(anchor, 'state');
  const format = useFormFieldValue(anchor, 'format');
  const chosen = useFormFieldValue(anchor, 'timeZone');
  const zone = chosen || zoneForState(state);
  const clock = `On the clock of ${timeZoneLabel(zone)}, wherever you are.`;
  const zoneHint = [
    splitStateNote(state),
    format === 'Virtual' ? 'A live online training: choose the zone its sessions run in.' : null,
    'Start and end dates are read in this zone.',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <>
      <div ref={anchor}>
        <Field
          id="startDate"
          label={LABELS.startDate}
          required
          hint={inParts ? "Set from the parts: the first part's start." : clock}
          error={errors.startDate?.message}
        >
          <input
            id="startDate"
            type="datetime-local"
            readOnly={inParts}
            className={`${inputClass} read-only:bg-slate-100`}
            {...register('startDate')}
            {...describedBy('startDate', true, errors.startDate?.message)}
          />
        </Field>
      </div>
      <Field
        id="endDate"
        label={LABELS.endDate}
        required
        hint={inParts ? "Set from the parts: the last part's end." : clock}
        error={errors.endDate?.message}
      >
        <input
          id="endDate"
          type="datetime-local"
          readOnly={inParts}
          className={`${inputClass} read-only:bg-slate-100`}
          {...register('endDate')}
          {...describedBy('endDate', true, errors.endDate?.message)}
        />
      </Field>
      <div className="md:col-span-2">
        <Field id="timeZone" label={LABELS.timeZone} required hint={zoneHint} error={errors.timeZone?.message}>
          <select
            id="timeZone"
            className={inputClass}
            {...register('timeZone')}
            {...describedBy('timeZone', true, errors.timeZone?.message)}
          >
            <option value="">
              {state ? `${timeZoneLabel(zoneForState(state))}, the state's zone` : `${timeZoneLabel(zone)}, no state`}
            </option>
            {TIME_ZONES.map((z) => (
              <option key={z.id} value={z.id}>
                {z.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </>
  );
}

/**
 * The live value of another control of the same form. The form owns its fields; reading the DOM's
 * change events keeps this component free of the form's internals, and sees values set by a reset
 * because the form renders its fields only once the record is loaded.
 */
function useFormFieldValue(anchor: RefObject<HTMLElement | null>, name: string): string {
  const [value, setValue] = useState('');
  useEffect(() => {
    const control = anchor.current?.closest('form')?.elements.namedItem(name);
    if (!(control instanceof HTMLSelectElement || control instanceof HTMLInputElement)) return;
    const read = () => setValue(control.value);
    read();
    control.addEventListener('change', read);
    return () => control.removeEventListener('change', read);
  }, [anchor, name]);
  return value;
}
