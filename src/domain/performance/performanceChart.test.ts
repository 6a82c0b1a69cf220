import { describe, expect, test } from 'vitest';
import { noCounts } from './listingEvents';
import { CHART, performanceChart } from './performanceChart';
import { addDays, daysFrom } from './performance';

const counts = (values: Partial<ReturnType<typeof noCounts>>) => ({ ...noCounts(), ...values });

describe("a training's Performance chart", () => {
  const days = daysFrom('2027-03-01', '2027-03-30');
  const daily = new Map([
    ['2027-03-02', counts({ view: 300, register: 1 })],
    ['2027-03-05', counts({ view: 150, calendar: 2 })],
  ]);
  const chart = performanceChart(days, daily);

  test('has one strip per counted type, each named in words with its total', () => {
    expect(chart.strips.map((s) => s.label)).toEqual([
      'Page views: 450',
      'Register clicks: 1',
      'Calendar downloads: 2',
      'Widget impressions: 0',
    ]);
  });

  test('has a bar per day, as high as its figure against the busiest day of its strip', () => {
    const views = chart.strips[0]!;
    expect(views.bars).toHaveLength(30);
    const [busiest, half] = [views.bars[1]!, views.bars[4]!];
    expect(busiest.height).toBe(CHART.barArea);
    expect(half.height).toBe(CHART.barArea / 2);
    expect(busiest.y + busiest.height).toBe(views.baseline);
    expect(views.bars[0]).toMatchObject({ day: '2027-03-01', value: 0, height: 0 });
  });

  test('shows a day with one count beside a day with hundreds', () => {
    const small = performanceChart(
      days,
      new Map([
        ['2027-03-03', counts({ view: 1 })],
        ['2027-03-04', counts({ view: 900 })],
      ]),
    );
    expect(small.strips[0]!.bars[2]!.height).toBeGreaterThanOrEqual(2);
  });

  test('keeps every bar inside the chart for 30 and for 90 days', () => {
    for (const period of [30, 90]) {
      const span = daysFrom(addDays('2027-03-30', 1 - period), '2027-03-30');
      expect(span).toHaveLength(period);
      const drawn = performanceChart(span, new Map(span.map((day) => [day, counts({ widget: 5 })])));
      for (const bar of drawn.strips.flatMap((s) => s.bars)) {
        expect(bar.x + bar.width).toBeLessThanOrEqual(drawn.width);
        expect(bar.y).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
