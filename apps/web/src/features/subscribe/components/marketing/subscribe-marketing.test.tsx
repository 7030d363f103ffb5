import { BRANDS } from '@folio/core';
import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { createQueryClient } from '../../../../app/query-client.ts';
import { installFakeServer } from '../../../../test/fake-server.ts';
import { SubscribeMarketing } from './subscribe-marketing.tsx';

function openAt(path: string) {
  installFakeServer({
    '/api/faqs': () => [{ id: 1, question: 'What is the DH e-paper?', answer: '<p>A paper.</p>' }],
    '/api/testimonials': () => [{ name: 'Asha', message: 'Lovely.', role: 'Teacher', photo: null }],
    '/api/pop-up/count': () => [{ count: 42 }],
  });
  const router = createMemoryRouter(
    [{ path: '/subscribe', element: <SubscribeMarketing brand={BRANDS.dh} /> }],
    { initialEntries: [path] },
  );
  return render(
    <AppProviders client={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('subscribe page marketing', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("draws the sections in the spec's order", async () => {
    openAt('/subscribe');
    await screen.findByText('42+');
    await screen.findByRole('heading', { name: 'What Our Readers Say' });
    await screen.findByRole('button', { name: 'What is the DH e-paper?' });
    const landmarks = [
      screen.getByRole('region', { name: 'Subscriber benefits' }),
      screen.getByRole('region', { name: 'Subscribers' }),
      screen.getByRole('heading', { name: 'Why Choose DH?' }),
      screen.getByRole('heading', { name: 'What Our Readers Say' }),
      screen.getByRole('heading', { name: 'Frequently Asked Questions' }),
      screen.getByRole('heading', { name: 'Facing Issues?' }),
    ];
    for (const [at, element] of landmarks.entries()) {
      const following = landmarks[at + 1];
      if (following)
        expect(element.compareDocumentPosition(following) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
          Node.DOCUMENT_POSITION_FOLLOWING,
        );
    }
    const whyChoose = screen.getByRole('region', { name: 'Why Choose DH?' });
    expect(within(whyChoose).getByText(/For over 75 years, Deccan Herald/)).toBeTruthy();
    expect(screen.getByRole('link', { name: BRANDS.dh.support.email }).getAttribute('href')).toBe(
      `mailto:${BRANDS.dh.support.email}`,
    );
  });

  it('scrolls the FAQs into view 300 ms after opening at #faqs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    openAt('/subscribe#faqs');
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(scrolled).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(scrolled.map((element) => element.id)).toEqual(['faqs']);
  });

  it('leaves the scroll alone without the anchor', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    openAt('/subscribe');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
