// The offers tab on screen against a fake server: the banner's preview follows what
// is typed (the countdown included) and an end before the start is refused before
// it is sent; a FAQ's answer is previewed as readers will get it (no script); FAQs
// move by the keyboard; a testimonial is added with its preview; the server's
// refusals are shown in its words.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { OFFER_MESSAGES, type DeskOffers } from '@folio/core/desk';
import { installFakeServer, reply, type FakeRequest } from '../../../test/fake-server.ts';
import { Offers } from './offers.tsx';

const HOUR_MS = 60 * 60 * 1000;

function startingOffers(): DeskOffers {
  const now = Date.now();
  return {
    brand: 'dh',
    banner: {
      text: 'Yearly plans at half price',
      subtext: 'This week only',
      startsAt: new Date(now - HOUR_MS).toISOString(),
      endsAt: new Date(now + 2 * HOUR_MS).toISOString(),
      active: true,
    },
    faqs: [
      { id: 11, question: 'What is the e-paper?', answer: '<p>The paper, page for page.</p>' },
      { id: 12, question: 'Can I cancel?', answer: '<p>Yes, any time.</p>' },
      { id: 13, question: 'Is payment safe?', answer: '<p>It is encrypted.</p>' },
    ],
    testimonials: [
      { id: 1, name: 'Lakshmi', role: 'Principal', message: 'Every morning.', photo: null },
    ],
    subscribers: 1234,
  };
}

/** A fake /api/desk/offers that applies what the tab sends, and records it. */
function fakeOffers(state = startingOffers()) {
  const sent: FakeRequest[] = [];
  const take = (url: URL, request: FakeRequest) => {
    sent.push(request);
    const body = request.body as Record<string, unknown>;
    const path = url.pathname.replace('/api/desk/offers/dh', '');
    if (path === '/banner') state = { ...state, banner: body as DeskOffers['banner'] };
    if (path === '/faqs/order') {
      const ids = body.ids as number[];
      state = {
        ...state,
        faqs: ids.map((id) => state.faqs.find((faq) => faq.id === id) as DeskOffers['faqs'][0]),
      };
    }
    if (path.startsWith('/faqs/') && request.method === 'PATCH') {
      const id = Number(path.split('/')[2]);
      state = {
        ...state,
        faqs: state.faqs.map((faq) =>
          faq.id === id
            ? { ...faq, ...body, answer: String(body.answer).replace(/<script.*<\/script>/, '') }
            : faq,
        ),
      };
    }
    if (path === '/testimonials')
      state = {
        ...state,
        testimonials: [
          ...state.testimonials,
          { id: 2, ...(body as Omit<DeskOffers['testimonials'][0], 'id'>) },
        ],
      };
    return state;
  };
  const server = installFakeServer({
    '/api/desk/offers': () => state,
    '/api/desk/offers/dh/banner': take,
    '/api/desk/offers/dh/faqs/order': take,
    '/api/desk/offers/dh/faqs/12': take,
    '/api/desk/offers/dh/testimonials': take,
  });
  return { server, sent };
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Offers brand="dh" />
    </QueryClientProvider>,
  );
}

describe('the offers tab', () => {
  it('previews the banner as readers see it and saves its window as instants', async () => {
    const { server, sent } = fakeOffers();
    const user = userEvent.setup();
    show();
    const form = await screen.findByRole('form', { name: 'Offer banner' });
    expect(server.calls('/api/desk/offers')[0]?.searchParams.get('brand')).toBe('dh');
    const preview = screen.getByRole('figure', { name: 'Banner preview' });
    expect(within(preview).getByText('Yearly plans at half price')).toBeTruthy();
    expect(within(preview).getByRole('timer').textContent).toMatch(/^01:5\d:\d\d$/);
    expect(within(preview).getByRole('status').textContent).toMatch(/^Readers see this now/);
    expect(screen.getByText('1,234+')).toBeTruthy();

    const headline = within(form).getByLabelText('Headline');
    await user.clear(headline);
    await user.type(headline, 'Diwali: 40% off');
    expect(within(preview).getByText('Diwali: 40% off')).toBeTruthy();

    // An end before the start: said at once, and nothing is sent.
    const start = within(form).getByLabelText('Starts') as HTMLInputElement;
    const end = within(form).getByLabelText('Ends') as HTMLInputElement;
    const startValue = start.value;
    fireEvent.change(end, { target: { value: '2020-01-01T10:00' } });
    expect(screen.getByRole('alert').textContent).toBe(OFFER_MESSAGES.bannerEndBeforeStart);
    expect(end.getAttribute('aria-invalid')).toBe('true');
    const save = within(form).getByRole('button', { name: 'Save banner' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    // A start tomorrow: the preview says when readers will see it.
    fireEvent.change(start, { target: { value: '2099-01-01T09:30' } });
    fireEvent.change(end, { target: { value: '2099-01-02T09:30' } });
    expect(screen.queryByRole('alert')).toBeNull();
    const later = screen.getByRole('figure', { name: 'Banner preview' });
    expect(within(later).getByRole('status').textContent).toMatch(/^Readers see this from/);
    expect(within(later).getByRole('timer').textContent).toBe('24:00:00');
    expect(start.value).not.toBe(startValue);
    await user.click(save);
    expect(await screen.findByText('Saved; readers see the banner as previewed.')).toBeTruthy();
    expect(sent.map((r) => [r.method, r.url.pathname, r.body])).toEqual([
      [
        'PUT',
        '/api/desk/offers/dh/banner',
        {
          text: 'Diwali: 40% off',
          subtext: 'This week only',
          startsAt: new Date('2099-01-01T09:30').toISOString(),
          endsAt: new Date('2099-01-02T09:30').toISOString(),
          active: true,
        },
      ],
    ]);
  });

  it('edits a FAQ with a preview of the safe answer, and moves FAQs by the keyboard', async () => {
    const { sent } = fakeOffers();
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByRole('button', { name: 'Edit: Can I cancel?' }));
    const form = screen.getByRole('form', { name: 'Save FAQ' });
    const answer = within(form).getByRole('textbox', { name: /^Answer/ });
    await user.clear(answer);
    await user.type(
      answer,
      '<p>Yes, in <strong>My Profile</strong>.</p><script>alert(1)</script><img src=x onerror=alert(2)>',
    );
    const preview = within(form).getByRole('region', { name: 'Answer as readers see it' });
    expect(preview.querySelector('strong')?.textContent).toBe('My Profile');
    // The preview is cleaned by the reader's own purifier (sanitizeFaqHtml), whose work
    // is the browser's parsing: tested in Chromium (faq-section.browser.test.tsx); the
    // server's cleaning of what is saved in desk-offers.int.test.ts.
    await user.click(within(form).getByRole('button', { name: 'Save FAQ' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Save FAQ' })).toBeNull());
    expect(sent.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { question: 'Can I cancel?' },
    });

    // Focus "Move down" on the first FAQ and press Enter: the new order is sent.
    screen.getByRole('button', { name: 'Move down: What is the e-paper?' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'FAQs in the order readers see them' }))
          .getAllByRole('listitem')
          .map((item) => item.querySelector('p')?.textContent),
      ).toEqual(['1. Can I cancel?', '2. What is the e-paper?', '3. Is payment safe?']),
    );
    expect(sent.at(-1)).toMatchObject({
      method: 'PUT',
      url: expect.objectContaining({ pathname: '/api/desk/offers/dh/faqs/order' }),
      body: { ids: [12, 11, 13] },
    });
    const up = screen.getByRole('button', { name: 'Move up: Can I cancel?' }) as HTMLButtonElement;
    expect(up.disabled).toBe(true);
  });

  it('adds a testimonial with its preview, and shows a refusal in the server’s words', async () => {
    const { sent } = fakeOffers();
    const user = userEvent.setup();
    show();
    const form = await screen.findByRole('form', { name: 'Add testimonial' });
    await user.type(within(form).getByLabelText('Name'), 'Asha Rao');
    await user.type(within(form).getByLabelText('Who they are'), 'Teacher, Mysuru');
    await user.type(within(form).getByLabelText('What they said'), 'Before my tea.');
    const preview = within(form).getByRole('figure', { name: 'Testimonial as readers see it' });
    expect(preview.textContent).toBe('“Before my tea.”Asha Rao · Teacher, Mysuru');
    await user.click(within(form).getByRole('button', { name: 'Add testimonial' }));
    await waitFor(() => expect(screen.getByText(/2 of 10/)).toBeTruthy());
    expect(sent.at(-1)?.body).toEqual({
      name: 'Asha Rao',
      role: 'Teacher, Mysuru',
      message: 'Before my tea.',
      photo: null,
    });

    installFakeServer({
      '/api/desk/offers': () => startingOffers(),
      '/api/desk/offers/dh/testimonials': () =>
        reply(400, { status: 'ERROR', message: OFFER_MESSAGES.photoInvalid }),
    });
    await user.type(within(form).getByLabelText('Name'), 'B');
    await user.type(within(form).getByLabelText('Who they are'), 'C');
    await user.type(within(form).getByLabelText('What they said'), 'D');
    await user.type(within(form).getByLabelText('Photo path (optional)'), 'javascript:x');
    await user.click(within(form).getByRole('button', { name: 'Add testimonial' }));
    expect((await screen.findByRole('alert')).textContent).toBe(OFFER_MESSAGES.photoInvalid);
  });
});
