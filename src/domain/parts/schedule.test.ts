import { expect, test } from 'vitest';
import { isValidScheduleText, parseSchedule } from './schedule';

test('a schedule is read from its JSON list of day, time and topics', () => {
  const text = JSON.stringify([{ day: 'Day 1', time: '9:00 AM', topics: 'Preparation' }]);
  expect(parseSchedule(text)).toEqual([{ day: 'Day 1', time: '9:00 AM', topics: 'Preparation' }]);
  expect(isValidScheduleText(text)).toBe(true);
});

test('malformed or missing schedule text yields no schedule instead of an error', () => {
  for (const text of [null, undefined, '', '[{"day":', '{"day":"x"}', '[{"day":1,"time":"t","topics":"x"}]', 'null'])
    expect(parseSchedule(text)).toEqual([]);
  expect(isValidScheduleText('[{"day":')).toBe(false);
});
