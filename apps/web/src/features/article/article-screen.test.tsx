import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { html, installFakeServer, reply } from '../../test/fake-server.ts';
import { siteRoutes, TODAY } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const articlePath = (id: string, query = `date=${TODAY}&edition_No=2&pageNumber=0&source=epaper`) =>
  `/article/${id}?${query}`;

describe('article view', () => {
  it('finds the article in the edition and shows its text', async () => {
    const server = installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    expect(await screen.findByText('Loading article...')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lead story of page 1' }),
    ).toBeTruthy();
    expect(screen.getByText('The city council met on Friday.')).toBeTruthy();
    expect(screen.getByText('It agreed a new budget.')).toBeTruthy();
    expect(server.calls('/api/epaper/data')[0]?.searchParams.toString()).toBe(
      'date=20261121&edition=2&publisher=DH',
    );
  });

  it('finds an article that is not on the given page', async () => {
    installFakeServer(
      siteRoutes({
        '/media/dh/html/articles/p3-a2.html': () =>
          html('<article><h1>Cup final</h1><p>Bengaluru won.</p></article>'),
      }),
    );
    renderApp(articlePath('2-20261121-p3-a2'));
    expect(await screen.findByText('Bengaluru won.')).toBeTruthy();
  });

  it("says 'Article not found.' when the edition has no such article", async () => {
    installFakeServer(siteRoutes());
    renderApp(articlePath('no-such-article'));
    expect(await screen.findByText('Article not found.')).toBeTruthy();
  });

  it("says 'Article not found.' when the edition itself is missing", async () => {
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261115-p1-a1', 'date=2026-11-15&edition_No=2&pageNumber=0'));
    expect(await screen.findByText('Article not found.')).toBeTruthy();
  });

  it("says 'Failed to load article HTML.' when the text cannot be fetched", async () => {
    installFakeServer(
      siteRoutes({
        '/media/dh/html/articles/p1-a1.html': () => reply(500, 'upstream down', 'text/plain'),
      }),
    );
    renderApp(articlePath('2-20261121-p1-a1'));
    expect(
      await screen.findByText('Failed to load article HTML.', {}, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it('closes back to the reader on the same date, edition and page', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp(
      articlePath('2-20261120-p2-a1', 'date=2026-11-20&edition_No=3&pageNumber=1'),
    );
    await user.click(await screen.findByRole('link', { name: 'Close article' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/?date=2026-11-20&edition=3&page=1'));
    expect(await screen.findByRole('img', { name: /Friday, 20 November 2026: City/ })).toBeTruthy();
  });
});
