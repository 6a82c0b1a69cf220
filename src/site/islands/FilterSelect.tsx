/** 'all' in a dropdown means unset. */
export const ALL = 'all';
export const fromOption = (value: string) => (value === ALL ? '' : value);

/** Styled in global.css (.filter-select): a class name in an island costs the home page's JavaScript budget. */
const selectClass = 'filter-select';

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
