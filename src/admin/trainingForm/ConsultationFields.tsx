import { useFormContext, useWatch } from 'react-hook-form';
import type { TrainingFormValues } from '../../domain/trainingForm';
import { FormField } from '../../ui/FormField';
import { describedBy } from '../../ui/Field';
import { optionalNumber } from './trainingFormValues';

const checkbox = 'h-5 w-5 accent-brand-700';

/**
 * The consultation a training requires: left off, it is "not stated"; on, its hours and whether the
 * price includes it, and if not its cost in whole dollars. A message for the whole consultation (the
 * 422 of a Basic Training published without it) shows under the first checkbox.
 */
export function ConsultationFields() {
  const { register, control, formState } = useFormContext<TrainingFormValues>();
  const [stated, included] = useWatch({ control, name: ['consultation.stated', 'consultation.included'] });
  const errors = formState.errors.consultation;
  const error = errors?.message ?? errors?.root?.message ?? errors?.stated?.message;

  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2">
      <legend className="text-sm font-medium text-slate-800">Consultation</legend>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          id="consultation-stated"
          className={checkbox}
          {...register('consultation.stated')}
          {...describedBy('consultation-stated', true, error)}
        />
        Consultation disclosed
      </label>
      <p id="consultation-stated-hint" className="text-xs text-slate-600">
        The consultation hours a trainee needs, and what they cost. Leave unchecked while they are not known: the
        training then shows its consultation as not stated.
      </p>
      {error && (
        <p id="consultation-stated-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {stated && (
        <div className="grid gap-3 md:grid-cols-2">
          <FormField
            name="consultation.hours"
            label="Consultation hours"
            type="number"
            min={0}
            step={0.25}
            setValueAs={optionalNumber}
          />
          <label className="flex items-center gap-2 md:mt-7">
            <input
              type="checkbox"
              id="consultation-included"
              className={checkbox}
              {...register('consultation.included')}
            />
            Included in the price
          </label>
          {!included && (
            <>
              <FormField
                name="consultation.costMin"
                label="Lowest consultation cost (USD)"
                hint="In whole dollars"
                type="number"
                min={0}
                step={1}
                setValueAs={optionalNumber}
              />
              <FormField
                name="consultation.costMax"
                label="Highest consultation cost (USD)"
                hint="The same as the lowest when there is one price"
                type="number"
                min={0}
                step={1}
                setValueAs={optionalNumber}
              />
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
