import type { TrainingFilters } from '../../domain/listing/filterQuery';

/** The id of each filter's control in the list's form: the island and the early-input reader agree on them. */
export const FILTER_CONTROL_IDS: Record<Exclude<keyof TrainingFilters, 'includeVirtual'>, string> = {
  search: 'training-search',
  state: 'filter-state',
  format: 'filter-format',
  dateRange: 'filter-date',
  ce: 'filter-ce',
  type: 'filter-type',
  lang: 'filter-lang',
  priceMax: 'filter-price-max',
  disclosed: 'filter-disclosed',
  available: 'filter-available',
  license: 'filter-license',
  prereq: 'filter-prereq',
  near: 'filter-near',
  radius: 'filter-radius',
};
