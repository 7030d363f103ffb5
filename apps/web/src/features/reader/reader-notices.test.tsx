// One notice per missing-edition case, said once: a holiday's own message alone
// (answered without an error), an edition a first start is still making (then
// the page by itself once it is in), and no contradicting lines.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import { epaperData, noEdition, siteRoutes, TODAY } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const HOLIDAY = '2026-11-15';
const MESSAGE = 'No edition today on account of Deepavali. We will be back tomorrow.';
const dateOf = (url: URL) => {
  const compact = url.searchParams.get('date') ?? '';
  return `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
};

describe('missing-edition notices', () => {
  it("shows a holiday's message alone, from a data answer with no pages and no error", async () => {
    const server = installFakeServer(
      siteRoutes({
        // The server answers a holiday with no pages (200), not a 404.
        '/api/epaper/data': (url) =>
          dateOf(url) === HOLIDAY
            ? { ...epaperData(HOLIDAY, 2), data_url_suffix: '', html_url_suffix: '', sections: [] }
            : epaperData(dateOf(url), Number(url.searchParams.get('edition'))),
        '/api/pop-up/by-date': (url) =>
          url.searchParams.get('date') === HOLIDAY
            ? [{ date: HOLIDAY, holiday_message: MESSAGE }]
            : [],
      }),
    );
    renderApp(`/?date=${HOLIDAY}`);
    expect(await screen.findByRole('heading', { name: MESSAGE })).toBeTruthy();
    const notice = screen.getByRole('region', { name: MESSAGE });
    // The holiday is the one statement: no "No Edition Available", no archive line.
    expect(notice.textContent).not.toMatch(
      /No Edition Available|Not In The Archive|archive has no/,
    );
    expect(screen.getByRole('button', { name: 'Choose Another Date' })).toBeTruthy();
    expect(server.calls('/api/pop-up/by-date')).toHaveLength(1);
  });

  it('says a day without an edition has none, once, with no holiday line', async () => {
    installFakeServer(siteRoutes());
    renderApp('/?date=2026-11-16');
    const heading = await screen.findByRole('heading', { name: 'No Edition Available' });
    const notice = heading.closest('section');
    expect(notice?.textContent).not.toMatch(/holiday|Deepavali|archive has no/i);
    expect(screen.getByRole('button', { name: "Go To Today's Edition" })).toBeTruthy();
  });

  it('says an edition a first start is still making is on its way, then shows it by itself', async () => {
    let published = false;
    let readinessAsked = 0;
    const server = installFakeServer(
      siteRoutes({
        '/api/epaper/data': (url) =>
          dateOf(url) === TODAY && !published
            ? noEdition()
            : epaperData(dateOf(url), Number(url.searchParams.get('edition'))),
        '/readyz': () => {
          readinessAsked += 1;
          // Published by the seed between the first and the second look.
          if (readinessAsked >= 2) published = true;
          return {
            status: 'ok',
            demoSeed: {
              state: 'seeding',
              seeded: published ? 1 : 0,
              total: 2,
              frontPage: published,
              pending: published ? [] : [{ publisher: 'DH', date: TODAY, edition: 2 }],
            },
          };
        },
      }),
    );
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'This edition is still being prepared.' }),
    ).toBeTruthy();
    expect(screen.getByText('It will appear in a moment.')).toBeTruthy();
    expect(screen.queryByText(/No Edition Available|Is Not Available/)).toBeNull();
    // The page comes by itself once the seed has it: no reload, no notice between.
    await screen.findByRole(
      'img',
      { name: /Saturday, 21 November 2026: Front Page/ },
      { timeout: 8000 },
    );
    expect(server.calls('/readyz').length).toBeGreaterThanOrEqual(2);
  }, 15_000);

  it("says today's edition is not out when no seed is making it", async () => {
    installFakeServer(
      siteRoutes({
        '/api/epaper/data': (url) =>
          dateOf(url) === TODAY
            ? noEdition()
            : epaperData(dateOf(url), Number(url.searchParams.get('edition'))),
        '/readyz': () => ({
          status: 'ok',
          demoSeed: { state: 'done', seeded: 2, total: 2, frontPage: true, pending: [] },
        }),
      }),
    );
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: "Today's Edition Is Not Available" }),
    ).toBeTruthy();
    expect(screen.queryByText(/still being prepared/)).toBeNull();
  });

  it('falls back to the date notice when the server cannot say how far a seed is', async () => {
    installFakeServer(
      siteRoutes({
        '/readyz': () => reply(503, { status: 'ERROR', message: 'Database unavailable' }),
      }),
    );
    renderApp('/?date=2026-11-16');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'No Edition Available' })).toBeTruthy(),
    );
  });
});
