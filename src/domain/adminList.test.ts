import { describe, expect, test } from 'vitest';
import { TrainingListQuerySchema, likePattern, listQueryString, pageCount, readListQuery } from './adminList';

describe('admin list query', () => {
  test('a hand-edited URL keeps what is valid and drops the rest', () => {
    const params = new URLSearchParams('search=%20Austin%20&status=archived&format=Hybrid&sort=-price&page=x');
    expect(readListQuery(TrainingListQuerySchema, params)).toEqual({
      search: 'Austin',
      format: 'Hybrid',
      sort: '-price',
    });
  });

  test('empty form fields mean "not set"', () => {
    expect(TrainingListQuerySchema.parse({ search: '', status: '', format: '', page: '2' })).toEqual({ page: 2 });
  });

  test('what is typed in the search box is matched literally', () => {
    expect(likePattern('100%_off\\')).toBe('%100\\%\\_off\\\\%');
  });

  test('pages of 50, at least one', () => {
    expect([pageCount(0), pageCount(50), pageCount(51), pageCount(1012)]).toEqual([1, 1, 2, 21]);
    expect(listQueryString({ search: 'a b', page: undefined, sort: '' })).toBe('search=a+b');
  });
});
