import { describe, expect, it } from 'vitest';
import { choosePageImage } from './page-image.ts';

const images = { reading: '/media/p01.webp', zoom: '/media/p01-zoom.webp' };

describe('choosePageImage', () => {
  it('gives a phone the reading image, even at a high pixel density', () => {
    // 412 css px less the 16 px phone gutter, at 2.625: 1,040 device px.
    expect(choosePageImage(images, 396, 2.625)).toBe(images.reading);
    expect(choosePageImage(images, 374, 3)).toBe(images.reading);
  });

  it('gives a desktop at one device pixel per px the reading image', () => {
    expect(choosePageImage(images, 1200, 1)).toBe(images.reading);
  });

  it('gives the zoom image only where the reading image would be upscaled', () => {
    expect(choosePageImage(images, 896, 2)).toBe(images.zoom);
    expect(choosePageImage(images, 1201, 1)).toBe(images.zoom);
  });

  it('treats a missing pixel ratio as 1', () => {
    expect(choosePageImage(images, 1300, 0)).toBe(images.zoom);
    expect(choosePageImage(images, 1000, Number.NaN)).toBe(images.reading);
  });
});
