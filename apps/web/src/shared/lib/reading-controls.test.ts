import { describe, expect, it } from 'vitest';
import { IMAGE_ZOOM, TEXT_SIZE, stepped } from './reading-controls.ts';

describe('reading controls', () => {
  it('steps text size by 2 between 12 and 24 from 16', () => {
    const sizes = [TEXT_SIZE.initial];
    for (let i = 0; i < 6; i += 1) sizes.push(stepped(sizes.at(-1) ?? 0, 1, TEXT_SIZE));
    expect(sizes).toEqual([16, 18, 20, 22, 24, 24, 24]);
    expect(stepped(stepped(stepped(14, -1, TEXT_SIZE), -1, TEXT_SIZE), -1, TEXT_SIZE)).toBe(12);
  });

  it('steps zoom by 0.25 between 0.5 and 3 from 1', () => {
    expect(IMAGE_ZOOM.initial).toBe(1);
    expect(stepped(1, 1, IMAGE_ZOOM)).toBe(1.25);
    expect(stepped(2.75, 1, IMAGE_ZOOM)).toBe(3);
    expect(stepped(3, 1, IMAGE_ZOOM)).toBe(3);
    expect(stepped(0.75, -1, IMAGE_ZOOM)).toBe(0.5);
    expect(stepped(0.5, -1, IMAGE_ZOOM)).toBe(0.5);
  });
});
