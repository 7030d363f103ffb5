import { describe, expect, it } from 'vitest';
import type { Shape, TextLine } from '../pdf/page-content.ts';
import { findPhotos } from './photos.ts';

const BODY = 9;
const photo = (x0: number, y0: number, x1: number, y1: number, kind: Shape['kind'] = 'image') => ({
  kind,
  x0,
  y0,
  x1,
  y1,
});
/** A line whose top is `y0`, `size` points tall as the line builder boxes it. */
const line = (text: string, x0: number, y0: number, x1: number, size = 7): TextLine => ({
  text,
  size,
  x0,
  x1,
  y0,
  y1: y0 + size,
});

describe('findPhotos', () => {
  it('captions a photo with the smaller lines right under it, within its width', () => {
    const lines = [
      line('A view of the new bridge at dawn, as the first', 100, 304, 290),
      line('buses crossed it. PHOTO: STAFF', 100, 312.5, 220),
      line('The bridge opened on Monday after four years.', 100, 330, 300, BODY),
    ];
    const { photos, captionLines } = findPhotos([photo(100, 200, 300, 300)], lines, BODY);
    expect(photos).toEqual([
      {
        box: { x0: 100, y0: 200, x1: 300, y1: 300 },
        caption: 'A view of the new bridge at dawn, as the first buses crossed it. PHOTO: STAFF',
      },
    ]);
    expect([...captionLines]).toEqual(lines.slice(0, 2));
  });

  it('leaves a photo uncaptioned when what follows is body text, far below, or wider than it', () => {
    const cases = [
      [line('The bridge opened on Monday after four years.', 100, 304, 290, BODY)],
      [line('A view of the new bridge.', 100, 330, 200)],
      [line('A view of the new bridge reaching past the photo.', 100, 304, 340)],
    ];
    for (const lines of cases) {
      const { photos, captionLines } = findPhotos([photo(100, 200, 300, 300)], lines, BODY);
      expect(photos.map((p) => p.caption)).toEqual(['']);
      expect(captionLines.size).toBe(0);
    }
  });

  it('gives each of two photos its own caption, and ignores vector boxes and small images', () => {
    const lines = [
      line('Left photo caption.', 100, 304, 180),
      line('Right photo caption.', 320, 304, 400),
    ];
    const { photos } = findPhotos(
      [
        photo(320, 200, 500, 300),
        photo(100, 200, 300, 300),
        photo(100, 400, 300, 500, 'fill'),
        photo(100, 600, 120, 620),
      ],
      lines,
      BODY,
    );
    expect(photos.map((p) => [p.box.x0, p.caption])).toEqual([
      [100, 'Left photo caption.'],
      [320, 'Right photo caption.'],
    ]);
  });
});
