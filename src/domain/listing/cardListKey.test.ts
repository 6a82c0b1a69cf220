import { expect, test } from 'vitest';
import { cardListKey } from './cardListKey';
import { toCardData } from './trainingCard';

const card = (title: string) =>
  toCardData({
    id: '1',
    title,
    price: 100,
    startDate: new Date('2027-01-01T10:00:00Z'),
    endDate: '2027-01-02T10:00:00.000Z',
    location: 'Austin, TX',
    format: 'Virtual',
    trainer: null,
  });

test('the same cards give the same key whether dates came as Date objects or ISO strings', () => {
  expect(cardListKey([card('A')])).toBe(cardListKey([JSON.parse(JSON.stringify(card('A')))]));
});

test('any visible change gives another key', () => {
  expect(cardListKey([card('A')])).not.toBe(cardListKey([card('B')]));
  expect(cardListKey([])).not.toBe(cardListKey([card('A')]));
});
