import type { InputHTMLAttributes } from 'react';
import { get, useFormContext, type RegisterOptions } from 'react-hook-form';
import { Field, describedBy, inputClass } from './Field';

/** `schedule.0.day` → `schedule-0-day`: a field's path as an element id. */
export const fieldId = (name: string) => name.replace(/\./g, '-');

interface Common {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** Layout of the field's block in the form's grid. */
  className?: string;
  setValueAs?: RegisterOptions['setValueAs'];
}

type Control =
  | { as?: 'input'; type?: string; min?: number; step?: number | 'any'; placeholder?: string }
  | { as: 'textarea'; rows?: number }
  | { as: 'select'; options: readonly { value: string; label: string }[] };

/**
 * One form field bound to the surrounding react-hook-form (FormProvider): label, control, hint and
 * the field's error under it, with the aria wiring between them. Both admin forms are made of it.
 */
export function FormField(props: Common & Control) {
  const { register, formState } = useFormContext();
  const { name, label, required, hint, className, setValueAs } = props;
  const id = fieldId(name);
  // The field's error, wherever its name points in the errors tree (react-hook-form's own lookup).
  const fieldError: { message?: string } | undefined = get(formState.errors, name);
  const error = fieldError?.message;
  const bound = {
    id,
    className: inputClass,
    ...register(name, setValueAs ? { setValueAs } : {}),
    ...describedBy(id, Boolean(hint), error),
  };
  let control;
  if (props.as === 'textarea') control = <textarea rows={props.rows ?? 3} {...bound} />;
  else if (props.as === 'select')
    control = (
      <select {...bound}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  else {
    const { type, min, step, placeholder } = props as InputHTMLAttributes<HTMLInputElement>;
    control = <input type={type} min={min} step={step} placeholder={placeholder} {...bound} />;
  }
  return (
    <div className={className}>
      <Field id={id} label={label} required={required} hint={hint} error={error}>
        {control}
      </Field>
    </div>
  );
}

/** An on/off setting (EMDRIA Certified, Published) as a labelled switch. */
export function SwitchField({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" role="switch" className="h-5 w-5 accent-brand-700" {...register(name)} />
      {label}
    </label>
  );
}
