import vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import { formatWhen } from './timeZones';
import { VISITOR_TIME_SCRIPT } from './visitorTimeScript';

/** Runs the page script against a stand-in for the page's line, as a browser in `visitorZone` would. */
function runScript(start: string, end: string, trainingZone: string, visitorZone: string) {
  const text = { textContent: '' };
  const line = { dataset: { start, end, zone: trainingZone }, hidden: true, querySelector: () => text };
  const RealFormat = Intl.DateTimeFormat;
  // The visitor's zone is the default zone of their browser's Intl.
  const BrowserFormat = function (locale?: string, options?: Intl.DateTimeFormatOptions) {
    return new RealFormat(locale, { timeZone: visitorZone, ...options });
  };
  // One line per part of a program in parts: the script writes each of them.
  const context = { document: { querySelectorAll: () => [line] }, Intl: { DateTimeFormat: BrowserFormat }, Date };
  vm.runInNewContext(VISITOR_TIME_SCRIPT, context);
  return { hidden: line.hidden, text: text.textContent };
}

describe("the visitor's own time on a training page", () => {
  const cases: [string, string, string, string][] = [
    ['2027-03-06T17:00:00Z', '2027-03-07T01:00:00Z', 'America/Los_Angeles', 'Asia/Tokyo'],
    ['2027-03-13T17:00:00Z', '2027-03-16T00:00:00Z', 'America/Los_Angeles', 'America/New_York'],
    ['2027-11-06T13:00:00Z', '2027-11-08T21:30:00Z', 'America/New_York', 'Europe/Berlin'],
    ['2027-07-10T16:00:00Z', '2027-07-11T00:00:00Z', 'America/Phoenix', 'America/Denver'],
  ];
  test.each(cases)('%s – %s in %s reads in %s as formatWhen writes it', (start, end, zone, visitor) => {
    expect(runScript(start, end, zone, visitor)).toEqual({ hidden: false, text: formatWhen(start, end, visitor) });
  });

  test('a Tokyo visitor of a 9:00 AM Los Angeles training sees 2:00 AM the next day', () => {
    expect(runScript('2027-03-06T17:00:00Z', '2027-03-07T01:00:00Z', 'America/Los_Angeles', 'Asia/Tokyo').text).toBe(
      'Sun, Mar 7, 2027 · 2:00 AM – 10:00 AM GMT+9',
    );
  });

  test('a visitor in the training zone gets no second line', () => {
    const same = runScript('2027-03-06T17:00:00Z', '2027-03-07T01:00:00Z', 'America/Chicago', 'America/Chicago');
    expect(same).toEqual({ hidden: true, text: '' });
  });
});
