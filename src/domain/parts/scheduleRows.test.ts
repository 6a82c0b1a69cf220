import { describe, expect, test } from 'vitest';
import { ScheduleRowsSchema, SCHEDULE_ROW_MESSAGES, scheduleRowsFromText } from './scheduleRows';
import { parseSchedule } from './schedule';

describe('schedule rows', () => {
  test('rows are stored as the JSON list of day, time and topics the public page reads', () => {
    const rows = [
      { day: 'Day 1', time: '9:00 AM - 5:00 PM', topics: 'Foundations' },
      { day: 'Day 2', time: '', topics: 'Practicum' },
    ];
    const stored = ScheduleRowsSchema.parse(rows);
    expect(parseSchedule(stored)).toEqual(rows);
  });

  test('in a program in parts a day may name its part; a day without one is stored as before', () => {
    const stored = ScheduleRowsSchema.parse([
      { day: 'Day 1', time: '9-5', topics: 'Foundations', part: 'Part 1' },
      { day: 'Day 4', time: '9-5', topics: 'Practicum', part: '' },
    ]);
    expect(stored).toBe(
      '[{"day":"Day 1","time":"9-5","topics":"Foundations","part":"Part 1"},{"day":"Day 4","time":"9-5","topics":"Practicum"}]',
    );
    expect(scheduleRowsFromText(stored)[0]).toEqual({
      day: 'Day 1',
      time: '9-5',
      topics: 'Foundations',
      part: 'Part 1',
    });
  });

  test('empty rows are dropped and no rows at all store nothing', () => {
    expect(ScheduleRowsSchema.parse([{ day: ' ', time: '', topics: '' }])).toBeNull();
    expect(ScheduleRowsSchema.parse([])).toBeNull();
  });

  test('a started row needs its day and its topics, reported on those fields', () => {
    const result = ScheduleRowsSchema.safeParse([{ day: '', time: '9:00', topics: '' }]);
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['0.day', SCHEDULE_ROW_MESSAGES.day],
      ['0.topics', SCHEDULE_ROW_MESSAGES.topics],
    ]);
  });

  test('a stored schedule loads as rows, and text that is not a schedule becomes one row in Topics', () => {
    expect(scheduleRowsFromText('[{"day":"Day 1","time":"9-5","topics":"Intro"}]')).toEqual([
      { day: 'Day 1', time: '9-5', topics: 'Intro' },
    ]);
    expect(scheduleRowsFromText('Day 1: intro, {broken')).toEqual([
      { day: '', time: '', topics: 'Day 1: intro, {broken' },
    ]);
    expect(scheduleRowsFromText('{"day":"not a list"}')).toEqual([
      { day: '', time: '', topics: '{"day":"not a list"}' },
    ]);
    expect(scheduleRowsFromText(null)).toEqual([]);
  });
});
