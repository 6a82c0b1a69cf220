import { describe, expect, test } from 'vitest';
import { milesBetween, parseNear, parseRadius, roundMiles, roundedNear } from './nearby';

describe('near me rules', () => {
  test('near is a 5-digit ZIP code or a position within the globe', () => {
    expect(parseNear('94103')).toEqual({ zip: '94103' });
    expect(parseNear(' 37.77, -122.42 ')).toEqual({ position: { latitude: 37.77, longitude: -122.42 } });
    expect(parseNear('9410')).toBeNull();
    expect(parseNear('91,0')).toBeNull();
    expect(parseNear('0,181')).toBeNull();
    expect(parseNear('San Francisco')).toBeNull();
  });

  test('the radius is a whole number of miles from 1 to 500', () => {
    expect(parseRadius('25')).toBe(25);
    expect(parseRadius('500')).toBe(500);
    expect(parseRadius('0')).toBeNull();
    expect(parseRadius('501')).toBeNull();
    expect(parseRadius('2.5')).toBeNull();
  });

  test('a browser position leaves the page rounded to two decimals', () => {
    expect(roundedNear({ latitude: 37.774929, longitude: -122.419416 })).toBe('37.77,-122.42');
  });

  test('San Francisco to Sacramento is about 75 miles, shown to one decimal', () => {
    const miles = milesBetween(
      { latitude: 37.7725, longitude: -122.4147 },
      { latitude: 38.5804, longitude: -121.4922 },
    );
    expect(miles).toBeGreaterThan(70);
    expect(miles).toBeLessThan(80);
    expect(roundMiles(12.345)).toBe(12.3);
  });
});
