import vm from 'node:vm';
import { describe, expect, test } from 'vitest';
import { BEACON_SCRIPT } from './beaconScript';
import { ListingEventSchema } from './listingEvents';

const TRAINING = '6f1c2a4e-8b7d-4c3e-9a2b-1d0e5f6a7b8c';
const OTHER = '0b5e7c9d-1a2f-4e3d-8c6b-5a4f3e2d1c0b';

class FakeElement {
  constructor(
    readonly dataset: Record<string, string>,
    private readonly parent: FakeElement | null = null,
  ) {}
  closest(selector: string): FakeElement | null {
    if (selector === '[data-beacon]' && this.dataset.beacon) return this;
    return this.parent?.closest(selector) ?? null;
  }
}

interface Page {
  training?: string;
  widget?: string[];
  privacy?: { globalPrivacyControl?: boolean; doNotTrack?: string };
}

/** Runs the script against a stand-in page; what it posted, and a way to click. */
function load({ training, widget = [], privacy = {} }: Page) {
  const sent: { url: string; type: string; body: unknown }[] = [];
  const listeners: Record<string, (event: object) => void> = {};
  const context = {
    navigator: {
      ...privacy,
      sendBeacon(url: string, blob: Blob) {
        sent.push({ url, type: blob.type, body: blob });
        return true;
      },
    },
    document: {
      querySelector: (selector: string) =>
        training && selector === 'meta[name="emdr-training"]' ? { content: training } : null,
      querySelectorAll: () => widget.map((id) => new FakeElement({ beaconWidget: id })),
    },
    addEventListener: (type: string, listener: (event: object) => void) => (listeners[type] = listener),
    Blob,
    Element: FakeElement,
  };
  vm.runInNewContext(BEACON_SCRIPT, context);
  const bodies = async () =>
    Promise.all(sent.map(async (s) => ({ url: s.url, type: s.type, body: JSON.parse(await (s.body as Blob).text()) })));
  const click = (target: FakeElement, type = 'click', button = 0) => listeners[type]?.({ type, target, button });
  return { bodies, click };
}

describe('the listing beacon', () => {
  test('is at most 1 KB of inline script', () => {
    expect(Buffer.byteLength(BEACON_SCRIPT, 'utf8')).toBeLessThanOrEqual(1024);
  });

  test('a training page posts one view as JSON to /api/events', async () => {
    const page = load({ training: TRAINING });
    expect(await page.bodies()).toEqual([
      { url: '/api/events', type: 'application/json', body: { type: 'view', trainingId: TRAINING } },
    ]);
  });

  test('a click on Register or Add to Calendar posts that event; other clicks post nothing', async () => {
    const page = load({ training: TRAINING });
    const card = new FakeElement({});
    page.click(new FakeElement({}, new FakeElement({ beacon: 'register' }, card)));
    page.click(new FakeElement({ beacon: 'calendar' }, card));
    page.click(card);
    // A middle click opens the link in a tab too; a right click opens a menu.
    page.click(new FakeElement({ beacon: 'register' }), 'auxclick', 1);
    page.click(new FakeElement({ beacon: 'register' }), 'auxclick', 2);
    expect((await page.bodies()).map((b) => b.body)).toEqual([
      { type: 'view', trainingId: TRAINING },
      { type: 'register', trainingId: TRAINING },
      { type: 'calendar', trainingId: TRAINING },
      { type: 'register', trainingId: TRAINING },
    ]);
  });

  test('a widget page posts its trainings’ impressions in one beacon the endpoint accepts', async () => {
    const page = load({ widget: [TRAINING, OTHER] });
    const [only, ...rest] = await page.bodies();
    expect(rest).toEqual([]);
    expect(only!.body).toEqual({ type: 'widget', trainingIds: [TRAINING, OTHER] });
    expect(ListingEventSchema.safeParse(only!.body).success).toBe(true);
  });

  test.each([
    ['Global Privacy Control', { globalPrivacyControl: true }],
    ['Do Not Track', { doNotTrack: '1' }],
  ])('a browser with %s on sends nothing', async (_name, privacy) => {
    const page = load({ training: TRAINING, widget: [OTHER], privacy });
    page.click(new FakeElement({ beacon: 'register' }));
    expect(await page.bodies()).toEqual([]);
  });
});
