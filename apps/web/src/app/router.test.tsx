import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, reply } from '../test/fake-server.ts';
import { epaperData, siteRoutes, TODAY } from '../test/fixtures.ts';
import { currentUrl, renderApp } from '../test/render-app.tsx';
import { ROUTE_TABLE } from './route-table.ts';

describe('route table', () => {
  it('lists every route of the spec once', () => {
    const paths = ROUTE_TABLE.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/article/:articleId',
        '/:edition',
        '/auth',
        '/search',
        '/ad-viewer/:adId',
      ]),
    );
  });

  it.each(['/no/such/page', '/search/more'])(
    'sends %s, which has no screen, to the reader at /',
    async (path) => {
      installFakeServer(siteRoutes());
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByRole('img', { name: /Front Page/ })).toBeTruthy();
    },
  );

  it('gives every route of the spec a screen', () => {
    expect(ROUTE_TABLE.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/article/:articleId',
        '/saved-articles',
        '/search',
        '/ad-viewer/:adId',
        '/faqs',
        '/contact',
        '/legal-and-privacy-policy',
      ]),
    );
  });

  it.each(['/4', '/?edition=99&page=2'])(
    'moves %s, an edition the paper does not have, to the default edition and says so',
    async (path) => {
      installFakeServer(
        siteRoutes({
          '/api/epaper/data': (url) =>
            ['2', '3', '5'].includes(url.searchParams.get('edition') ?? '')
              ? epaperData(TODAY, Number(url.searchParams.get('edition')))
              : reply(400, { status: 'ERROR', message: 'Unknown edition 4 for publisher DH' }),
        }),
      );
      const { router } = renderApp(path);
      expect(
        await screen.findByText(/is not available\. Showing the Bengaluru City edition\./),
      ).toBeTruthy();
      await waitFor(() => expect(router.state.location.search).toContain('edition=2'));
      expect(await screen.findByRole('img', { name: /Bengaluru City.*Front Page/ })).toBeTruthy();
      expect(screen.queryByText('Oops! Something went wrong.')).toBeNull();
    },
  );

  it('opens /{edition} paths on that edition', async () => {
    const server = installFakeServer(siteRoutes());
    const { router } = renderApp('/3');
    await screen.findByRole('img', { name: /Bengaluru Rural/ });
    expect(currentUrl(router)).toBe('/?edition=3');
    expect(server.calls('/api/epaper/data')[0]?.searchParams.get('edition')).toBe('3');
  });
});

describe('print blocking', () => {
  it('blocks the print shortcut and the context menu everywhere', async () => {
    installFakeServer(siteRoutes());
    renderApp('/');
    await screen.findByRole('img', { name: /Front Page/ });
    expect(fireEvent.keyDown(window, { key: 'p', ctrlKey: true })).toBe(false);
    expect(fireEvent.keyDown(window, { key: 'P', metaKey: true })).toBe(false);
    expect(fireEvent.contextMenu(document.body)).toBe(false);
    expect(fireEvent.keyDown(window, { key: 'p' })).toBe(true);
  });
});
