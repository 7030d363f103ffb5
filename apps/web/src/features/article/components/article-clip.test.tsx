// The image view as drawn: on a desktop it draws the clip from the deep-zoom tiles
// once the zoom image is too coarse for the pane, and caps it at the deep level's
// own width; the tiles asked for are only those under the article.
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArticleClip } from './article-clip.tsx';

const tile = (column: number, row: number) => `/media/x/p01-tile-${column}-${row}.webp`;
const WIDE_BOX = { top: 10, left: 5, width: 60, height: 25.5 };
const SMALL_BOX = { top: 40, left: 70, width: 10, height: 8 };

const clip = (box: typeof WIDE_BOX, zoom: number) => (
  <ArticleClip
    src="/media/x/p01-zoom.webp"
    tile={tile}
    box={box}
    pageWidth={1200}
    pageHeight={1900}
    zoom={zoom}
    title="Lead story"
  />
);

const frame = () => screen.getByRole('img', { name: 'Lead story' }).parentElement as HTMLElement;
const tiles = () =>
  Array.from(document.querySelectorAll('img[data-tile]')).map((img) => img.getAttribute('src'));

describe('the image view on a desktop', () => {
  beforeEach(() => {
    // The pane is 768 px wide (max-w-3xl) on a screen of one device pixel per css px.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(768);
    vi.stubGlobal('devicePixelRatio', 1);
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('min-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('keeps the zoom image while it is sharp enough, and adds the tiles under the article past it', () => {
    const { rerender } = render(clip(WIDE_BOX, 1));
    expect(frame().dataset.level).toBe('zoom');
    expect(tiles()).toEqual([]);
    expect(frame().style.maxWidth).toBe('2160px');
    rerender(clip(WIDE_BOX, 1.5));
    expect(frame().dataset.level).toBe('tiles');
    expect(tiles()).toHaveLength(16);
    expect(tiles()).toContain('/media/x/p01-tile-3-3.webp');
    expect(tiles()).not.toContain('/media/x/p01-tile-4-0.webp');
    // Back at 1x the sharper tiles already fetched stay.
    rerender(clip(WIDE_BOX, 1));
    expect(tiles()).toHaveLength(16);
  });

  it('draws a small article at its natural size, centred, from the tiles', () => {
    render(clip(SMALL_BOX, 1));
    expect(frame().style.maxWidth).toBe('360px');
    expect(frame().className).toContain('mx-auto');
    expect(frame().dataset.level).toBe('tiles');
    expect(tiles()).toEqual(['/media/x/p01-tile-4-3.webp', '/media/x/p01-tile-4-4.webp']);
  });
});
