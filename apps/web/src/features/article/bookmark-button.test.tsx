import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { fakeSavedArticles, savedArticle } from '../../test/fake-saved-articles.ts';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import { siteRoutes, TODAY } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const ARTICLE = '2-20261121-p1-a1';
const PATH = `/article/${ARTICLE}?date=${TODAY}&edition_No=2&pageNumber=0&source=epaper`;

function serve(saved = fakeSavedArticles()) {
  const auth = fakeAuth({ signedInAs: { ...readerByPhone } });
  const server = installFakeServer(siteRoutes({ ...auth.routes, ...saved.routes }));
  return { server, saved };
}

async function bookmarkButton() {
  await screen.findByRole('heading', { level: 1, name: 'Lead story of page 1' });
  const button = await screen.findByRole('button', { name: 'Bookmark' });
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  return button;
}

describe('bookmark in the article reader', () => {
  it('saves an article not yet bookmarked with what the article is, and says so', async () => {
    const { server, saved } = serve();
    renderApp(PATH);
    const button = await bookmarkButton();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(await screen.findByText('Article Bookmarked')).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    const post = server.sent.find(
      (request) => request.method === 'POST' && request.url.pathname === '/api/user/saved-articles',
    );
    expect(post?.body).toMatchObject({
      publisher_short_code: 'DH',
      article_id: ARTICLE,
      edition_number: 2,
      page_no: 0,
      edition_date: TODAY,
      title: 'Lead story of page 1',
      description: '',
    });
    expect(saved.list().map((item) => item.article_id)).toEqual([ARTICLE]);
  });

  it('asks before removing a bookmark, then removes it by its id', async () => {
    const { saved } = serve(fakeSavedArticles([savedArticle({ id: 4, article_id: ARTICLE })]));
    renderApp(PATH);
    const button = await bookmarkButton();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bookmark' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Bookmark Removed')).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(saved.list()).toEqual([]);
  });

  it("says 'Failed to bookmark article' when the server cannot save it", async () => {
    const auth = fakeAuth({ signedInAs: { ...readerByPhone } });
    installFakeServer(
      siteRoutes({
        ...auth.routes,
        '/api/user/saved-articles': (_url, request) =>
          request.method === 'POST' ? reply(500, { status: 'ERROR', message: 'Broken' }) : [],
      }),
    );
    renderApp(PATH);
    fireEvent.click(await bookmarkButton());
    expect(await screen.findByText('Failed to bookmark article')).toBeTruthy();
  });

  it('asks a signed-out visitor only to log in (a bookmark needs no plan), and saves nothing', async () => {
    const server = installFakeServer(siteRoutes());
    renderApp(PATH);
    fireEvent.click(await bookmarkButton());
    const popup = await screen.findByRole('dialog', { name: 'Log In To Bookmark Articles' });
    expect(within(popup).getByRole('link', { name: 'Log In or Sign Up' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Subscriber-Only Feature' })).toBeNull();
    expect(popup.textContent).not.toContain('Subscription Plans');
    expect(server.calls('/api/user/saved-articles')).toHaveLength(0);
  });
});
