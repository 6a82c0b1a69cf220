import { expect, test } from 'vitest';
import { EXAMPLE_GROSS_USD, EXAMPLE_TRAINER_EARNS_USD, PLATFORM_FEE_PERCENT } from './partner';

test('the revenue example of docs/product.md adds up: 15 × $1,500 = $22,500, of which the trainer earns $16,875', () => {
  expect(EXAMPLE_GROSS_USD).toBe(22_500);
  expect(EXAMPLE_TRAINER_EARNS_USD).toBe(16_875);
  expect(PLATFORM_FEE_PERCENT).toBe(25);
});
