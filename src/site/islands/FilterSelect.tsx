/** 'all' in a dropdown means unset. */
export const ALL = 'all';
export const fromOption = (value: string) => (value === ALL ? '' : value);

const selectClass =
  'w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 sm:w-auto';

/** One labelled dropdown. */
export function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: [value: string, label: string][];
  onChange(value: string): void;
}) {
  return (
    <div className="flex flex-col">
      <label htmlFor={props.id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        className={selectClass}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
