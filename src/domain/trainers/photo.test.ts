import { describe, expect, test } from 'vitest';
import { MAX_PHOTO_BYTES, PHOTO_HINT, PHOTO_MESSAGES } from './photo';

describe('photo limits', () => {
  test('the upload hint and the refusals say the limits the checks use', () => {
    expect(PHOTO_HINT).toBe('JPEG, PNG, WebP or GIF, at most 5 MB');
    expect(MAX_PHOTO_BYTES).toBe(5 * 1024 * 1024);
    expect(PHOTO_MESSAGES.tooLarge).toBe('Photo must be at most 5 MB');
    expect(PHOTO_MESSAGES.notImage).toBe('Photo must be a JPEG, PNG, WebP or GIF image');
  });
});
