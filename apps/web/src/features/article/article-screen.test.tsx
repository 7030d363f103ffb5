import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { html, installFakeServer, reply } from '../../test/fake-server.ts';
import { siteRoutes, TODAY, withLaterPagesLocked } from '../../test/fixtures.ts';
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
    // The byline's date in the one display style (spec 2 §9), not "21 Nov 2026".
    expect(screen.getByText('21/11/2026 · Front Page')).toBeTruthy();
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

  it("shows the article's photo with its caption under the headline", async () => {
    installFakeServer(
      siteRoutes({
        '/media/dh/html/articles/p3-a2.html': () =>
          html(
            '<article><h1>Cup final</h1><figure><img src="/media/dh/p03-a02-f1.webp" alt="The winning goal" width="800" height="450"><figcaption>The winning goal</figcaption></figure><p>Bengaluru won.</p></article>',
          ),
      }),
    );
    renderApp(articlePath('2-20261121-p3-a2'));
    const photo = await screen.findByRole('img', { name: 'The winning goal' });
    expect(photo.getAttribute('src')).toBe('/media/dh/p03-a02-f1.webp');
    expect([photo.getAttribute('width'), photo.getAttribute('height')]).toEqual(['800', '450']);
    expect(photo.closest('figure')?.querySelector('figcaption')?.textContent).toBe(
      'The winning goal',
    );
  });

  it('shows the subscriber popup, not the text, for an article of a page the reader may not open', async () => {
    const server = installFakeServer(
      siteRoutes({
        '/api/epaper/data': (url) =>
          withLaterPagesLocked(TODAY, Number(url.searchParams.get('edition'))),
      }),
    );
    renderApp(articlePath('2-20261121-p2-a1', `date=${TODAY}&edition_No=2&pageNumber=1`));
    // A visitor has no plan: told to subscribe or log in, not what "your plan" opens.
    expect(
      await screen.findByText(
        'This article is for subscribers. Subscribe to read it, or log in if you already subscribe.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'See plans or log in' })).toBeTruthy();
    expect(screen.queryByText(/your plan/)).toBeNull();
    const popup = await screen.findByRole('dialog', { name: 'Subscriber-Only Feature' });
    expect(popup.textContent).toContain('Already a subscriber? Log in here');
    expect(screen.queryByText('Article not found.')).toBeNull();
    expect(server.calls('/media/dh/html/articles/p2-a1.html')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
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

  it('steps the text size by 2 from 16 to the ends of 12 and 24, disabling the end buttons', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    const paragraph = await screen.findByText('The city council met on Friday.');
    const body = paragraph.closest('div');
    expect(body?.style.fontSize).toBe('16px');
    const larger = screen.getByRole('button', { name: 'Larger text' });
    const smaller = screen.getByRole('button', { name: 'Smaller text' });
    for (let i = 0; i < 4; i += 1) await user.click(larger);
    expect(body?.style.fontSize).toBe('24px');
    expect((larger as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 6; i += 1) await user.click(smaller);
    expect(body?.style.fontSize).toBe('12px');
    expect((smaller as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the article's clip of the page in the image view, zooms from 0.5 to 3, and resets zoom on toggle", async () => {
    const user = userEvent.setup();
    window.dataLayer = [];
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    await screen.findByText('The city council met on Friday.');
    await user.click(screen.getByRole('button', { name: 'Image view' }));
    const clip = await screen.findByRole('img', { name: 'Lead story of page 1' });
    expect(clip.getAttribute('src')).toMatch(/page-1-zoom\.webp$/);
    // The box (left 5 %, top 10 %, 60 % x 25.5 %) fills the window: the page image is 1/0.6 of it.
    expect(clip.style.width).toBe(`${(100 / 60) * 100}%`);
    expect(clip.style.left).toBe(`${(-5 / 60) * 100}%`);
    const frame = clip.parentElement;
    expect(frame?.style.width).toBe('100%');
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 10; i += 1) await user.click(zoomIn);
    expect(frame?.style.width).toBe('300%');
    expect((zoomIn as HTMLButtonElement).disabled).toBe(true);
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 12; i += 1) await user.click(zoomOut);
    expect(frame?.style.width).toBe('50%');
    expect((zoomOut as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Text view' }));
    await user.click(screen.getByRole('button', { name: 'Image view' }));
    expect(
      (await screen.findByRole('img', { name: 'Lead story of page 1' })).parentElement?.style.width,
    ).toBe('100%');
    expect(window.dataLayer).toEqual(
      expect.arrayContaining([
        { event: 'toggle_reader_view', view: 'image' },
        { event: 'toggle_reader_view', view: 'text' },
      ]),
    );
  });

  it('draws the previous and next links only below the text, so the text never pushes them down', async () => {
    let send: (response: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (send = resolve));
    const server = installFakeServer(
      siteRoutes({ '/media/dh/html/articles/p1-a2.html': () => held }),
    );
    renderApp(articlePath('2-20261121-p1-a2'));
    // The edition is in (the article is located) and its text is on its way.
    await waitFor(() => expect(server.calls('/media/dh/html/articles/p1-a2.html')).toHaveLength(1));
    await screen.findByText('Loading article...');
    expect(screen.queryByRole('navigation', { name: 'More articles' })).toBeNull();
    send(html('<p>The second story of page 1.</p>'));
    await screen.findByText('The second story of page 1.');
    expect(screen.getByRole('navigation', { name: 'More articles' })).toBeTruthy();
  });

  it('links the previous and next articles of the edition, page after page', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    const { router } = renderApp(articlePath('2-20261121-p1-a2'));
    const previous = await screen.findByRole('link', {
      name: 'Previous Article: Lead story of page 1',
    });
    expect(previous.getAttribute('href')).toBe(
      '/article/2-20261121-p1-a1?date=2026-11-21&edition_No=2&pageNumber=0&source=epaper',
    );
    const next = screen.getByRole('link', { name: 'Next Article: Lead story of page 2' });
    await user.click(next);
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        '/article/2-20261121-p2-a1?date=2026-11-21&edition_No=2&pageNumber=1&source=epaper',
      ),
    );
  });
});

describe('sharing', () => {
  afterEach(() => vi.useRealTimers());
  const url =
    'http://localhost:3000/article/2-20261121-p1-a1?date=2026-11-21&edition_No=2&pageNumber=0&source=epaper';

  it('opens the share dialog where the browser has no share sheet, and copies the link with "Copied!" for 2 s', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    await screen.findByText('The city council met on Friday.');
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Share' }));
    expect(dialog.getByRole('link', { name: 'X' }).getAttribute('href')).toBe(
      `https://x.com/intent/tweet?text=Lead%20story%20of%20page%201&url=${encodeURIComponent(url)}`,
    );
    for (const name of ['Facebook', 'LinkedIn', 'WhatsApp', 'Email'])
      expect(dialog.getByRole('link', { name }).getAttribute('href')).toContain(
        encodeURIComponent(url),
      );
    expect((dialog.getByRole('textbox', { name: 'Article link' }) as HTMLInputElement).value).toBe(
      url,
    );
    await user.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(await dialog.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(url);
    vi.advanceTimersByTime(1_900);
    expect(dialog.queryByRole('button', { name: 'Copied!' })).toBeTruthy();
    vi.advanceTimersByTime(200);
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Copied!' })).toBeNull());
  });

  it('uses the device share sheet where there is one, and a cancelled sheet opens nothing', async () => {
    const user = userEvent.setup();
    const shares: ShareData[] = [];
    let cancel = false;
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        shares.push(data);
        return cancel
          ? Promise.reject(new DOMException('closed', 'AbortError'))
          : Promise.resolve();
      },
    });
    try {
      installFakeServer(siteRoutes());
      renderApp(articlePath('2-20261121-p1-a1'));
      await screen.findByText('The city council met on Friday.');
      await user.click(screen.getByRole('button', { name: 'Share' }));
      cancel = true;
      await user.click(screen.getByRole('button', { name: 'Share' }));
      expect(shares).toEqual([
        { title: 'Lead story of page 1', url },
        { title: 'Lead story of page 1', url },
      ]);
      expect(screen.queryByRole('dialog', { name: 'Share' })).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('replaces a copy of the article text with the share sentence', async () => {
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    const paragraph = await screen.findByText('The city council met on Friday.');
    const copied = new Map<string, string>();
    const event = createEvent.copy(paragraph, {
      clipboardData: { setData: (type: string, value: string) => copied.set(type, value) },
    });
    fireEvent(paragraph, event);
    expect(event.defaultPrevented).toBe(true);
    expect(copied.get('text/plain')).toBe(
      `Read "Lead story of page 1" in the Deccan Herald e-paper: ${url}`,
    );
  });
});

describe('download', () => {
  it('fetches the watermarked clip for this article and says so', async () => {
    const user = userEvent.setup();
    window.dataLayer = [];
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    try {
      const server = installFakeServer(
        siteRoutes({
          '/api/epaper/article-download': () =>
            new Response(new Uint8Array([0xff, 0xd8, 0xff]), {
              headers: {
                'content-type': 'image/jpeg',
                'content-disposition': 'attachment; filename="dh-2026-11-21-a1.jpg"',
              },
            }),
        }),
      );
      renderApp(articlePath('2-20261121-p1-a1'));
      await screen.findByText('The city council met on Friday.');
      await user.click(screen.getByRole('button', { name: 'Download' }));
      expect(await screen.findByText('Download successful')).toBeTruthy();
      expect(server.calls('/api/epaper/article-download')[0]?.searchParams.toString()).toBe(
        'date=20261121&edition=2&publisher=DH&article=2-20261121-p1-a1',
      );
      expect(clicked).toEqual(['dh-2026-11-21-a1.jpg']);
      expect(window.dataLayer).toContainEqual({
        event: 'download_article',
        article_id: '2-20261121-p1-a1',
      });
    } finally {
      click.mockRestore();
    }
  });

  it("says 'Download failed' when the server refuses", async () => {
    const user = userEvent.setup();
    window.dataLayer = [];
    installFakeServer(
      siteRoutes({
        '/api/epaper/article-download': () =>
          reply(403, { status: 'ERROR', message: 'Subscribe to read this page.' }),
      }),
    );
    renderApp(articlePath('2-20261121-p1-a1'));
    await screen.findByText('The city council met on Friday.');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Download failed')).toBeTruthy();
    expect(window.dataLayer.map((entry) => entry.event)).not.toContain('download_article');
  });
});

describe('listen', () => {
  interface FakeUtterance {
    text: string;
    lang: string;
    voice: SpeechSynthesisVoice | null;
    onend: (() => void) | null;
  }
  function installSpeech(langs: string[]) {
    const spoken: FakeUtterance[] = [];
    const calls: string[] = [];
    const synth = {
      getVoices: () => langs.map((lang) => ({ lang, name: lang }) as SpeechSynthesisVoice),
      speak: (utterance: FakeUtterance) => spoken.push(utterance),
      cancel: () => calls.push('cancel'),
      pause: () => calls.push('pause'),
      resume: () => calls.push('resume'),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    class Utterance {
      lang = '';
      voice: SpeechSynthesisVoice | null = null;
      onend: (() => void) | null = null;
      constructor(public text: string) {}
    }
    Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: synth });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      configurable: true,
      value: Utterance,
    });
    return { spoken, calls };
  }
  afterEach(() => {
    Reflect.deleteProperty(window, 'speechSynthesis');
    Reflect.deleteProperty(window, 'SpeechSynthesisUtterance');
  });

  it("reads the title and text aloud in a voice of the paper's language, with pause, resume and stop", async () => {
    const user = userEvent.setup();
    const { spoken, calls } = installSpeech(['fr-FR', 'en-IN']);
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    await screen.findByText('The city council met on Friday.');
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    await screen.findByRole('button', { name: 'Pause' });
    expect(spoken.map((u) => u.text)).toEqual([
      'Lead story of page 1',
      'The city council met on Friday.',
      'It agreed a new budget.',
    ]);
    expect(spoken.every((u) => u.lang === 'en-IN')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(calls).toEqual(expect.arrayContaining(['pause', 'resume']));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeTruthy();
    expect(calls.at(-1)).toBe('cancel');
  });

  it('says so, rather than doing nothing, when the device has no voice for the language', async () => {
    const user = userEvent.setup();
    const { spoken } = installSpeech(['fr-FR']);
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    await screen.findByText('The city council met on Friday.');
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    expect(
      await screen.findByText('This device has no English voice to read the article aloud.'),
    ).toBeTruthy();
    expect(spoken).toEqual([]);
  });

  it('says so where the browser cannot speak at all', async () => {
    const user = userEvent.setup();
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    await screen.findByText('The city council met on Friday.');
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    expect(await screen.findByText('Listening is not available in this browser.')).toBeTruthy();
  });
});

describe('reading events', () => {
  afterEach(() => vi.useRealTimers());

  it('tracks article_open at once and read_article only after 10 s on the article', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.dataLayer = [];
    installFakeServer(siteRoutes());
    renderApp(articlePath('2-20261121-p1-a1'));
    await screen.findByText('The city council met on Friday.');
    const events = () => (window.dataLayer ?? []).map((entry) => entry.event);
    expect(events()).toContain('article_open');
    vi.advanceTimersByTime(9_000);
    expect(events()).not.toContain('read_article');
    vi.advanceTimersByTime(1_500);
    expect(window.dataLayer).toContainEqual({
      event: 'read_article',
      article_id: '2-20261121-p1-a1',
    });
  });
});
