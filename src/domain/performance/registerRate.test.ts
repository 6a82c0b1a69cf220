import { describe, expect, test } from 'vitest';
import { registerRate, registerRateText } from './registerRate';

describe('the Register rate', () => {
  test('is Register clicks per page view, one decimal', () => {
    expect(registerRate({ view: 40, register: 3 })).toBe(0.075);
    expect(registerRateText({ view: 40, register: 3 })).toBe('7.5 %');
    expect(registerRateText({ view: 3, register: 1 })).toBe('33.3 %');
  });

  test('with no page view there is no rate', () => {
    expect(registerRate({ view: 0, register: 2 })).toBeNull();
    expect(registerRateText({ view: 0, register: 0 })).toBe('—');
  });
});
