import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, readerByPhone } from '../../test/fake-auth.ts';
import { fakeSavedArticles, savedArticle } from '../../test/fake-saved-articles.ts';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import { fakeSubscriptions, subscriberState } from '../../test/fake-subscriptions.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

const STORIES = [
  savedArticle({ id: 1, title: 'Metro line opens', description: 'Commuters cheer the new route.' }),
  savedArticle({
    id: 2,
    title: 'Cup final tonight',
    description: 'Tickets sold out.',
    edition_name: 'Mysuru',
    edition_date: '2026-11-05',
  }),
  savedArticle({ id: 3, title: 'Budget approved', description: 'The council met on FRIDAY.' }),
];

function serve(stories = STORIES, overrides: Record<string, Handler> = {}) {
  const auth = fakeAuth({ signedInAs: { ...readerByPhone } });
  const saved = fakeSavedArticles(stories);
  const subscriptions = fakeSubscriptions({
    signedIn: () => auth.account() !== null,
    state: subscriberState(),
  });
  const server = installFakeServer(
    siteRoutes({ ...auth.routes, ...subscriptions.routes, ...saved.routes, ...overrides }),
  );
  return { saved, server };
}

const search = () => screen.getByPlaceholderText('Search saved articles...');
const titles = () =>
  within(screen.getByRole('list', { name: 'Saved articles' }))
    .getAllByRole('listitem')
    .map((card) => card.querySelector('.font-serif')?.textContent);

async function open() {
  const view = renderApp('/saved-articles');
  await screen.findByRole('heading', { name: 'Saved Articles' });
  return view;
}

describe('saved articles', () => {
  it('shows each saved article with its clip, date as MMM dd, yyyy and edition name', async () => {
    serve();
    await open();
    const card = (await screen.findByText('Cup final tonight')).closest('li') as HTMLElement;
    expect(within(card).getByText('Nov 05, 2026 · Mysuru')).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/media/dh/pages/p1-zoom.webp');
    expect(within(card).getByRole('link').getAttribute('href')).toBe(
      '/article/article-2?date=2026-11-05&edition_No=2&pageNumber=0&source=epaper',
    );
    expect(titles()).toEqual(['Metro line opens', 'Cup final tonight', 'Budget approved']);
  });

  it('filters by edition name, title and description in any case, and keeps the text for the session', async () => {
    serve();
    const first = await open();
    await screen.findByText('Metro line opens');
    fireEvent.change(search(), { target: { value: 'mysURU' } });
    expect(titles()).toEqual(['Cup final tonight']);
    fireEvent.change(search(), { target: { value: 'METRO' } });
    expect(titles()).toEqual(['Metro line opens']);
    fireEvent.change(search(), { target: { value: 'friday' } });
    expect(titles()).toEqual(['Budget approved']);
    expect(sessionStorage.getItem('saved_articles_search')).toBe('friday');

    first.unmount();
    await open();
    await screen.findByText('Budget approved');
    expect((search() as HTMLInputElement).value).toBe('friday');
    expect(titles()).toEqual(['Budget approved']);
  });

  it("says 'No Matches Found' and Clear Search shows everything again", async () => {
    serve();
    await open();
    await screen.findByText('Metro line opens');
    fireEvent.change(search(), { target: { value: 'elections' } });
    expect(screen.getByRole('heading', { name: 'No Matches Found' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(titles()).toHaveLength(3);
    expect((search() as HTMLInputElement).value).toBe('');
    expect(sessionStorage.getItem('saved_articles_search')).toBeNull();
  });

  it("says 'No Saved Articles Yet' with Start Reading when nothing is saved", async () => {
    serve([]);
    const { router } = await open();
    expect(await screen.findByRole('heading', { name: 'No Saved Articles Yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Start Reading' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('asks before removing, removes at once, and says so', async () => {
    const { saved } = serve();
    await open();
    const card = (await screen.findByText('Metro line opens')).closest('li') as HTMLElement;
    fireEvent.click(
      within(card).getByRole('button', { name: 'Remove Metro line opens from bookmarks' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Bookmark' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to remove this article from bookmarks?',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(titles()).toHaveLength(3);

    const release = saved.holdRemovals();
    fireEvent.click(
      within(card).getByRole('button', { name: 'Remove Metro line opens from bookmarks' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    // Gone before the server has answered.
    await waitFor(() => expect(screen.queryByText('Metro line opens')).toBeNull());
    expect(saved.list()).toHaveLength(3);
    release();
    expect(await screen.findByText('Bookmark Removed')).toBeTruthy();
    expect(saved.list().map((item) => item.id)).toEqual([2, 3]);
    expect(titles()).toEqual(['Cup final tonight', 'Budget approved']);
  });

  it('puts the article back when the server fails to remove it', async () => {
    const { saved } = serve();
    await open();
    await screen.findByText('Metro line opens');
    // The list cannot be fetched again either, so only the rollback can bring it back.
    saved.failRemovals(true, true);
    const release = saved.holdRemovals();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Budget approved from bookmarks' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByText('Budget approved')).toBeNull());
    release();
    expect(await screen.findByText('Failed to remove bookmark')).toBeTruthy();
    expect(await screen.findByText('Budget approved')).toBeTruthy();
    expect(titles()).toEqual(['Metro line opens', 'Cup final tonight', 'Budget approved']);
  });

  it('draws a saved article the plan no longer opens locked, without a clip, and opens the upgrade popup', async () => {
    serve([
      savedArticle({ id: 9, title: 'Old archive story', image_path: null, lock_reason: 'upgrade' }),
    ]);
    await open();
    const card = (await screen.findByText('Old archive story')).closest('li') as HTMLElement;
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).getByText('Locked')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /^Old archive story/ }));
    const popup = await screen.findByRole('dialog', { name: 'Premium Feature Access' });
    expect(within(popup).getByRole('link', { name: 'View Upgrade Options' })).toBeTruthy();
  });

  it("says 'Error loading saved articles' when the list cannot be loaded", async () => {
    serve(STORIES, {
      '/api/user/saved-articles': () => reply(500, { status: 'ERROR', message: 'Broken' }),
    });
    await open();
    // After the one retry of a server failure (spec 1 §9).
    expect(
      await screen.findByText('Error loading saved articles', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('sends a signed-out visitor away', async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp('/saved-articles');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });
});
