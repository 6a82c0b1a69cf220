/**
 * A table that becomes a list of cards on a phone (docs/product.md, Admin: "Tables that fit"): the
 * same markup, one row per card below the `md` width, each cell led by its column's name (the cell's
 * `data-label`), the header kept for screen readers only. Wide screens get the plain table.
 */
export const cardTable = {
  table: 'w-full text-left text-sm max-md:block',
  head: 'border-b border-slate-200 bg-slate-100 max-md:sr-only',
  headCell: 'px-3 py-2 font-semibold',
  body: 'max-md:flex max-md:flex-col max-md:gap-3 max-md:p-3',
  row: 'border-b border-slate-100 align-top max-md:block max-md:rounded-md max-md:border max-md:border-slate-200 max-md:p-3',
  cell: 'px-3 py-2 break-words max-md:block max-md:px-0 max-md:py-1 max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]',
} as const;
