import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeServer } from '../../test/fake-server.ts';
import { siteRoutes, TODAY, withLaterPagesLocked } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const adPath = (id: string, page = 1, imageFile = '/media/dh/ads/ad-2.webp') =>
  `/ad-viewer/${id}?imageFile=${encodeURIComponent(imageFile)}&date=2026-11-20&edition=3&pageNumber=${page}`;

describe('advertisement viewer', () => {
  it('shows the ad with zoom from 0.5 to 3, the text and listen controls disabled', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    renderApp(adPath('ad-2'));
    expect(await screen.findByText('Loading advertisement...')).toBeTruthy();
    const image = await screen.findByRole('img', { name: 'Advertisement' });
    expect(image.getAttribute('src')).toBe('/media/dh/ads/ad-2.webp');
    fireEvent.load(image);
    await waitFor(() => expect(screen.queryByText('Loading advertisement...')).toBeNull());
    expect((screen.getByRole('button', { name: 'Text view' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('button', { name: 'Listen' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 9; i += 1) await user.click(zoomIn);
    expect(image.style.width).toBe('300%');
    expect((zoomIn as HTMLButtonElement).disabled).toBe(true);
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 11; i += 1) await user.click(zoomOut);
    expect(image.style.width).toBe('50%');
    expect((zoomOut as HTMLButtonElement).disabled).toBe(true);
  });

  it('returns to the same date, edition and page', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp(adPath('ad-2'));
    await user.click(await screen.findByRole('link', { name: 'Close advertisement' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/?date=2026-11-20&edition=3&page=1'));
    expect(await screen.findByRole('img', { name: /Friday, 20 November 2026: City/ })).toBeTruthy();
  });

  it('draws the image the edition names for the ad, whatever imageFile says', async () => {
    installFakeServer(siteRoutes());
    renderApp(adPath('ad-2', 1, 'https://evil.example/x.png'));
    const image = await screen.findByRole('img', { name: 'Advertisement' });
    expect(image.getAttribute('src')).toBe('/media/dh/ads/ad-2.webp');
  });

  it("says 'Advertisement not found.' for an ad the edition does not have", async () => {
    installFakeServer(siteRoutes());
    renderApp(adPath('no-such-ad'));
    expect(await screen.findByText('Advertisement not found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Zoom in' })).toBeNull();
  });

  it("says 'Advertisement image not found.' when the image cannot be loaded", async () => {
    installFakeServer(siteRoutes());
    renderApp(adPath('ad-2'));
    fireEvent.error(await screen.findByRole('img', { name: 'Advertisement' }));
    expect(await screen.findByText('Advertisement image not found.')).toBeTruthy();
  });

  it('shows the access popup for an ad of a page the reader may not open', async () => {
    installFakeServer(
      siteRoutes({
        '/api/epaper/data': (url) =>
          withLaterPagesLocked(TODAY, Number(url.searchParams.get('edition'))),
      }),
    );
    renderApp(`/ad-viewer/ad-2?date=${TODAY}&edition=2&pageNumber=1`);
    expect(
      await screen.findByText(
        'This advertisement is for subscribers. Subscribe to read it, or log in if you already subscribe.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Subscriber-Only Feature' })).toBeTruthy();
  });

  it('is reached from an ad hotspot and comes back to the page it was opened from', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp('/?date=2026-11-20&edition=3&page=2');
    await user.click(await screen.findByRole('button', { name: 'Advertisement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ad-viewer/ad-3'));
    expect((await screen.findByRole('img', { name: 'Advertisement' })).getAttribute('src')).toBe(
      '/media/dh/ads/ad-3.webp',
    );
    await user.click(screen.getByRole('link', { name: 'Close advertisement' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/?date=2026-11-20&edition=3&page=2'));
  });
});
