// The figures tab on screen against a fake server: it asks for the last 30 days of
// the paper by default, shows the totals and a table of every day with money to the
// paisa (the refund taken off net revenue), links the same range as CSV, asks again
// when the range changes, says so when nothing happened, and shows the server's
// refusal in its words.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addDays, calendarToday, DEFAULT_PUBLISHER_TZ } from '@folio/core';
import { FIGURES_MESSAGES, type Figures as FiguresAnswer, type FiguresDay } from '@folio/core/desk';
import { installFakeServer, reply } from '../../../test/fake-server.ts';
import { Figures } from './figures.tsx';

const quiet = (): FiguresDay => ({
  newSubscribers: [],
  renewals: { due: 0, charged: 0, failed: 0, recovered: 0 },
  cancellations: [],
  refunds: [],
  netRevenue: [],
  activeSubscribers: 0,
  readers: { visitors: 0, signedIn: 0, subscribers: 0 },
});

function answer(from: string, to: string, busy: boolean): FiguresAnswer {
  const refundDay: FiguresDay = {
    ...quiet(),
    newSubscribers: [{ plan: 'Monthly', currency: 'INR', count: 2 }],
    refunds: [{ currency: 'INR', count: 1, amountMinor: 9950 }],
    netRevenue: [{ currency: 'INR', count: 2, amountMinor: 29850 }],
    cancellations: [{ reason: 'It’s a bit too expensive for me', count: 1 }],
    renewals: { due: 1, charged: 1, failed: 1, recovered: 1 },
    activeSubscribers: 2,
    readers: { visitors: 5, signedIn: 2, subscribers: 3 },
  };
  const days = [];
  for (let date = from; date <= to; date = addDays(date, 1))
    days.push({ date, ...(busy && date === to ? refundDay : quiet()) });
  return { brand: 'dh', from, to, days, totals: busy ? refundDay : quiet() };
}

function renderFigures(handler: (url: URL) => unknown) {
  const server = installFakeServer({ '/api/desk/figures': handler });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Figures brand="dh" />
    </QueryClientProvider>,
  );
  return server;
}

const ranged = (url: URL, busy = true) =>
  answer(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '', busy);

describe('figures', () => {
  it('shows the last 30 days: totals, a row per day, the refund off net revenue, a CSV link', async () => {
    const today = calendarToday(new Date(), DEFAULT_PUBLISHER_TZ);
    const from = addDays(today, -29);
    const server = renderFigures((url) => ranged(url));
    const table = await screen.findByRole('table', {
      name: `Figures per day, ${from} to ${today}`,
    });
    expect(server.calls('/api/desk/figures')[0]?.search).toBe(`?brand=dh&from=${from}&to=${today}`);
    const rows = within(table).getAllByRole('row');
    // The header, 30 days and the total.
    expect(rows).toHaveLength(32);
    const last = within(table).getByRole('rowheader', { name: today }).closest('tr');
    expect(
      within(last as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '1', '1', '1', '1', '1', '₹99.50', '₹298.50', '2', '5', '2', '3']);
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.textContent).toContain('Monthly (INR): 2');
    expect(totals.textContent).toContain('It’s a bit too expensive for me: 1');
    expect(totals.textContent).toContain('1 · ₹99.50');
    expect(totals.textContent).toContain('₹298.50');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/desk/figures.csv?brand=dh&from=${from}&to=${today}`,
    );
    expect(screen.queryByText(FIGURES_MESSAGES.empty)).toBeNull();
  });

  it('asks again for the range chosen, and says when nothing happened in it', async () => {
    const server = renderFigures((url) => ranged(url, false));
    expect(await screen.findByText(FIGURES_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-03' } });
    await waitFor(() =>
      expect(server.calls('/api/desk/figures').at(-1)?.search).toBe(
        '?brand=dh&from=2026-11-01&to=2026-11-03',
      ),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/desk/figures.csv?brand=dh&from=2026-11-01&to=2026-11-03',
    );
  });

  it('shows the server’s refusal in its words', async () => {
    renderFigures(() => reply(400, { status: 'ERROR', message: FIGURES_MESSAGES.rangeTooLong }));
    expect((await screen.findByRole('alert')).textContent).toBe(FIGURES_MESSAGES.rangeTooLong);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
