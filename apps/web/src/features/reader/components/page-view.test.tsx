// Issue 25 part 8: a zoomed page on a phone fills the screen down to the footer,
// rather than staying in its fitted box with the screen empty below it.
import type { Page } from '@folio/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { installFakeServer } from '../../../test/fake-server.ts';
import { epaperData, siteRoutes, TODAY } from '../../../test/fixtures.ts';
import { PageView } from './page-view.tsx';

const FRONT = epaperData(TODAY, 2).sections[0]?.pages[0] as unknown as Page;

afterEach(() => vi.restoreAllMocks());

async function drawPage(width: number) {
  const height = (width * FRONT.height) / FRONT.width;
  installFakeServer(siteRoutes());
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter>
        <PageView
          page={FRONT}
          preview="/media/preview.webp"
          src="/media/preview.webp"
          onShown={() => undefined}
          alt="Front Page"
          size={{ width, height }}
          dimmed={false}
          onArticle={() => undefined}
          onAd={() => undefined}
          onLocked={() => undefined}
          deepZoom={{ zoomImage: '/media/zoom.webp', tile: () => '/media/tile.webp' }}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  fireEvent.load(await screen.findByRole('img', { name: 'Front Page' }));
  return { height, figure: document.querySelector('figure') as HTMLElement };
}

describe('a zoomed page', () => {
  it('fills the phone screen under the header down to the footer, the page drawn at its size', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(412);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(915);
    // A 412 px wide page is 659 px tall: a quarter of the screen would be left empty.
    const { height, figure } = await drawPage(412);
    expect(figure.style.aspectRatio).toBe('1000 / 1600');
    const zoomIn = await screen.findByRole('button', { name: 'Zoom in' }, { timeout: 5000 });
    fireEvent.click(zoomIn);
    await waitFor(() => expect(figure.style.height).toBe('799px'));
    expect(figure.style.aspectRatio).toBe('');
    expect(height).toBeLessThan(799);
    // What is scaled is the page at its fitted size, so the hotspots stay on it.
    const content = figure.querySelector<HTMLElement>('[data-zoom]') as HTMLElement;
    expect(content.dataset.zoom).toBe('1.5');
    expect([content.style.width, content.style.height]).toEqual(['412px', `${height}px`]);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(() => expect(figure.style.aspectRatio).toBe('1000 / 1600'));
    expect(figure.style.height).toBe('');
  });
});
