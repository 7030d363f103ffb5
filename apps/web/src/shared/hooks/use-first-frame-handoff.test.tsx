// The documents of an open article, /search and /subscribe arrive with their screen
// drawn (the first frame, server: http/first-frames.ts); each screen takes it away
// once it has drawn the same, or when the reader leaves it.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { html, installFakeServer } from '../../test/fake-server.ts';
import { fakeSubscriptions } from '../../test/fake-subscriptions.ts';
import { siteRoutes, TODAY } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const addFirstFrame = () => {
  const frame = document.createElement('div');
  frame.id = 'first-frame';
  document.body.append(frame);
  return frame;
};

afterEach(() => document.getElementById('first-frame')?.remove());

describe("a document's first frame", () => {
  it("stays over the article screen's loading states until its text is drawn", async () => {
    let send: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (send = resolve));
    installFakeServer(
      siteRoutes({
        '/media/dh/html/articles/p1-a1.html': async () => {
          await sent;
          return html('<article><h1>Lead story of page 1</h1><p>Drawn.</p></article>');
        },
      }),
    );
    const frame = addFirstFrame();
    renderApp(`/article/2-20261121-p1-a1?date=${TODAY}&edition_No=2&pageNumber=0&source=epaper`);
    expect(await screen.findByText('Loading article...')).toBeTruthy();
    expect(frame.isConnected).toBe(true);
    send();
    expect(await screen.findByText('Drawn.')).toBeTruthy();
    expect(frame.isConnected).toBe(false);
  });

  it('leaves the article screen when it draws something else: an article not found', async () => {
    installFakeServer(siteRoutes());
    const frame = addFirstFrame();
    renderApp(`/article/missing?date=${TODAY}&edition_No=2`);
    await waitFor(() => expect(frame.isConnected).toBe(false));
  });

  it('is taken away by the search and plans screens as they draw their headings', async () => {
    installFakeServer(siteRoutes(fakeSubscriptions({ signedIn: () => false }).routes));
    for (const [path, heading] of [
      ['/search', 'Start Searching'],
      ['/subscribe', 'Subscribe To Deccan Herald Epaper'],
    ] as const) {
      const frame = addFirstFrame();
      const view = renderApp(path);
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
      expect(frame.isConnected, path).toBe(false);
      view.unmount();
    }
  });

  it('ends when the reader leaves the screen before it has drawn', async () => {
    installFakeServer(
      siteRoutes({
        '/media/dh/html/articles/p1-a1.html': () => new Promise<never>(() => undefined),
      }),
    );
    const frame = addFirstFrame();
    const { router } = renderApp(
      `/article/2-20261121-p1-a1?date=${TODAY}&edition_No=2&pageNumber=0&source=epaper`,
    );
    expect(await screen.findByText('Loading article...')).toBeTruthy();
    expect(frame.isConnected).toBe(true);
    await router.navigate('/faqs');
    await waitFor(() => expect(frame.isConnected).toBe(false));
  });
});
