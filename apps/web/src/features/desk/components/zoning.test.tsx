// The zoning editor on screen: opened from a published page's "Edit boxes", boxes
// are labelled buttons moved by the keys and saved as the server's body; a save
// refused because the page changed says so in the server's words and keeps the
// editor's boxes until "Load the latest".
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { DESK_MESSAGES, type PageZoning } from '@folio/core/desk';
import { installFakeServer, reply } from '../../../test/fake-server.ts';
import { PublishedPages } from './zoning.tsx';

const base = '/api/desk/editions/dh/2/2026-11-27';
const zoning: PageZoning = {
  page: 1,
  name: '01 Front Page',
  image: `${base}/pages/1/image`,
  width: 1200,
  height: 1900,
  revision: 'rev-1',
  articles: [
    { id: 'a1', title: 'Lakes revived', box: { top: 10, left: 5, width: 40, height: 20 } },
  ],
  ads: [{ id: 'ad1', box: { top: 80, left: 0, width: 100, height: 20 } }],
};

function show(stamp = 'ready:1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (next: string) => (
    <QueryClientProvider client={client}>
      <PublishedPages brand="dh" editionNumber={2} date="2026-11-27" stamp={next} />
    </QueryClientProvider>
  );
  const shown = render(view(stamp));
  return { ...shown, restamp: (next: string) => shown.rerender(view(next)) };
}

describe('the zoning editor', () => {
  it('moves a box by the keys, retitles it and saves the boxes as they are', async () => {
    let latest = zoning;
    const server = installFakeServer({
      [`${base}/pages`]: () => ({
        pages: [{ page: 1, name: '01 Front Page', articles: 1, ads: 1 }],
      }),
      [`${base}/pages/1/zoning`]: (_url, request) => {
        if (request.method === 'PUT') {
          const body = request.body as { articles: PageZoning['articles']; ads: PageZoning['ads'] };
          latest = { ...latest, ...body, revision: 'rev-2' };
        }
        return latest;
      },
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit boxes of page 1' }));
    const article = await screen.findByRole('button', { name: 'Article 1: Lakes revived' });
    expect(screen.getByRole('button', { name: 'Ad 1' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Page 1' }).getAttribute('src')).toBe(zoning.image);

    act(() => article.focus());
    expect(article.getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{ArrowRight}{ArrowDown}{Shift>}{ArrowRight}{/Shift}');
    const title = screen.getByLabelText('Title of the selected article');
    await user.clear(title);
    await user.type(title, 'Lakes cleaned');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(/^Saved; readers have the page/)).toBeTruthy();
    expect(server.sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        revision: 'rev-1',
        articles: [
          {
            id: 'a1',
            title: 'Lakes cleaned',
            box: { top: 10.5, left: 5.5, width: 40.5, height: 20 },
          },
        ],
        ads: [{ id: 'ad1', box: zoning.ads[0]?.box }],
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Article 1: Lakes cleaned' })).toBeTruthy();
  });

  it('keeps the editor’s boxes when the page changed since it was opened, until Load the latest', async () => {
    let served = zoning;
    installFakeServer({
      [`${base}/pages`]: () => ({
        pages: [{ page: 1, name: '01 Front Page', articles: 1, ads: 1 }],
      }),
      [`${base}/pages/1/zoning`]: (_url, request) =>
        request.method === 'PUT'
          ? reply(409, { status: 'ERROR', message: DESK_MESSAGES.zoningChanged })
          : served,
    });
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit boxes of page 1' }));
    await screen.findByRole('button', { name: 'Article 1: Lakes revived' });
    await user.click(screen.getByRole('button', { name: 'Add article box' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('changed since you opened it');
    expect(screen.getByRole('button', { name: 'Article 2: title from the page' })).toBeTruthy();

    served = {
      ...zoning,
      revision: 'rev-9',
      articles: [{ ...zoning.articles[0]!, title: 'Saved by another editor' }],
    };
    await user.click(within(alert).getByRole('button', { name: 'Load the latest' }));
    expect(
      await screen.findByRole('button', { name: 'Article 1: Saved by another editor' }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Article 2: title from the page' })).toBeNull(),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the pages again when the edition is assembled again', async () => {
    let assembled = false;
    installFakeServer({
      [`${base}/pages`]: () =>
        assembled
          ? { pages: [{ page: 1, name: '01 Front Page', articles: 1, ads: 1 }] }
          : reply(404, { status: 'ERROR', message: 'No such issue.' }),
    });
    const { restamp } = show('receiving:');
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
    assembled = true;
    restamp('scheduled:812');
    expect(await screen.findByRole('button', { name: 'Edit boxes of page 1' })).toBeTruthy();
  });
});
