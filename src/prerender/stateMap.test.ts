import { describe, expect, test } from 'vitest';
import type { SiteData, SiteTraining } from '../domain/siteData';
import { NO_PROGRAM_FACTS } from '../domain/trainingFacts/programFacts';
import { US_STATES } from '../domain/states';
import { SHADE_STEPS, shadeStep, stateCountText } from '../domain/listing/stateMap';
import { mapStates } from './stateMap';
import { MAP_BOUNDS, MAP_VIEW_BOX, stateShapes } from './stateShapes';
import { pathData } from './svgPath';

const NOW = '2027-01-10T12:00:00.000Z';

/** `count` upcoming published trainings in each state named. */
function site(perState: Record<string, number>): SiteData {
  const trainings = Object.entries(perState).flatMap(([state, count]) =>
    Array.from({ length: count }, (_, n) => {
      const start = Date.UTC(2027, 1, 1 + n, 16);
      return {
        id: `${state}-${n}`,
        title: `Training ${n}`,
        description: '',
        price: 100,
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + 7 * 3600_000).toISOString(),
        format: 'In-Person',
        state,
        location: 'Somewhere',
        venue: null,
        isPublished: true,
        createdAt: '2026-06-01T00:00:00.000Z',
        trainer: { name: 'Trainer' },
        ...NO_PROGRAM_FACTS,
        ceApprovals: [],
        refundPolicy: null,
      } as unknown as SiteTraining;
    }),
  );
  return { generatedAt: NOW, trainings };
}

/** The absolute points of a path written by pathData (relative moves, `z` back to the ring's start). */
function points(d: string): [number, number][] {
  const found: [number, number][] = [];
  let pen: [number, number] = [0, 0];
  for (const ring of d.split('z').filter(Boolean)) {
    const numbers = ring.slice(1).match(/-?\d+/g)!.map(Number);
    let [x, y] = pen;
    for (let i = 0; i < numbers.length; i += 2) {
      x += numbers[i]!;
      y += numbers[i + 1]!;
      found.push([x, y]);
      if (i === 0) pen = [x, y];
    }
  }
  return found;
}

const box = (d: string) => {
  const all = points(d);
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
};

describe('the shapes of the states', () => {
  test('the 50 states, no more (no DC), each a closed path inside the map', () => {
    expect(MAP_VIEW_BOX).toBe('-60 11 1020 598');
    const shapes = stateShapes();
    expect([...shapes.keys()].sort()).toEqual(US_STATES.map((s) => s.code).sort());
    for (const [code, d] of shapes) {
      expect(d, code).toMatch(/^m-?\d+[ -]\d+.*z$/);
      const b = box(d);
      expect(b.left, code).toBeGreaterThan(MAP_BOUNDS.left);
      expect(b.top, code).toBeGreaterThan(MAP_BOUNDS.top);
      expect(b.right, code).toBeLessThan(MAP_BOUNDS.right);
      expect(b.bottom, code).toBeLessThan(MAP_BOUNDS.bottom);
    }
  });

  test('Alaska and Hawaii are insets at the lower left, below and left of the lower 48', () => {
    const shapes = stateShapes();
    const [ak, hi, ca, az, tx] = ['AK', 'HI', 'CA', 'AZ', 'TX'].map((code) => box(shapes.get(code)!));
    expect(ak!.right).toBeLessThan(tx!.left);
    expect(ak!.top).toBeGreaterThan(ca!.bottom);
    expect(hi!.left).toBeGreaterThan(ak!.right);
    expect(hi!.top).toBeGreaterThan(az!.bottom);
  });

  test('are worked out once per process and stay light', () => {
    expect(stateShapes()).toBe(stateShapes());
    const bytes = [...stateShapes().values()].reduce((sum, d) => sum + d.length, 0);
    expect(bytes).toBeLessThan(30_000);
  });

  test('are written in whole units with relative moves, dropping repeated points and rings too small to see or flat', () => {
    const square = [
      [10.2, 10.4],
      [20, 10],
      [20, 20],
      [20.1, 19.9],
      [10, 20],
      [10, 10],
    ];
    const speck = [
      [50, 50],
      [50.2, 50.1],
      [50.4, 49.8],
      [50, 50],
    ];
    const next = [
      [30, 10],
      [40, 10],
      [40, 20],
      [30, 10],
    ];
    const sliver = [
      [60, 60],
      [64, 60],
      [65, 60],
      [60, 60],
    ];
    expect(pathData([[square], [speck], [sliver], [next]])).toBe('m10 10 10 0 0 10-10 0zm20 0 10 0 0 10z');
  });
});

describe('the states of /map', () => {
  test('with trainings in every state, all 50 link to their state pages', () => {
    const data = site(Object.fromEntries(US_STATES.map((s) => [s.code, 1])));
    const states = mapStates(data);
    expect(states).toHaveLength(50);
    expect(states.filter((s) => s.href)).toHaveLength(50);
    expect(states.find((s) => s.code === 'NH')!.href).toBe('/trainings/new-hampshire');
  });

  test('each says its count as a title; a state without a listed training has no page, so it is no link', () => {
    const data = site({ CA: 12, OR: 1, TX: 3 });
    const byCode = new Map(mapStates(data).map((s) => [s.code, s]));
    expect(byCode.get('CA')).toMatchObject({ label: 'California: 12 trainings', href: '/trainings/california' });
    expect(byCode.get('OR')).toMatchObject({ label: 'Oregon: 1 training', href: '/trainings/oregon', shade: 1 });
    expect(byCode.get('WY')).toMatchObject({ label: 'Wyoming: 0 trainings', href: null, count: 0, shade: 0 });
    expect(
      mapStates(data)
        .filter((s) => s.href)
        .map((s) => s.code),
    ).toEqual(['CA', 'OR', 'TX']);
    expect(mapStates(data)).toBe(mapStates(data));
  });

  test('the shade steps: none, 1–2, 3–5, 6–10, 11 or more', () => {
    expect([0, 1, 2, 3, 5, 6, 10, 11, 500].map(shadeStep)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(SHADE_STEPS.map((s) => s.label)).toEqual(['None', '1–2', '3–5', '6–10', '11 or more']);
    expect(stateCountText('Ohio', 0)).toBe('Ohio: 0 trainings');
  });
});
