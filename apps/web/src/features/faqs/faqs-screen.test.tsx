// /faqs (spec 2 §2, §7, §8): the FAQs in the server's order (the desk's) as an accordion, with the spec's
// loading and failure texts. How answers are cleaned is tested in Chromium
// (features/subscribe/components/marketing/faq-section.browser.test.tsx, same list).
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, reply } from '../../test/fake-server.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const FAQS = [
  { id: 2, question: 'How do I cancel auto-renewal?', answer: '<p>Open My Profile.</p>' },
  { id: 1, question: 'Which editions can I read?', answer: '<p>Every city edition.</p>' },
];

describe('FAQs page', () => {
  it('says it is loading, then lists the questions in the order the server sends, one answer open at a time', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = installFakeServer(
      siteRoutes({
        '/api/faqs': async () => {
          await gate;
          return FAQS;
        },
      }),
    );
    renderApp('/faqs');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading FAQs...');
    release();

    const main = within(screen.getByRole('main'));
    const first = await main.findByRole('button', { name: 'Which editions can I read?' });
    expect(main.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'How do I cancel auto-renewal?',
      'Which editions can I read?',
    ]);
    expect(server.calls('/api/faqs')[0]?.searchParams.get('publisher')).toBe('DH');

    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(main.getByText('Every city edition.')).toBeTruthy();
    fireEvent.click(main.getByRole('button', { name: 'How do I cancel auto-renewal?' }));
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(main.queryByText('Every city edition.')).toBeNull();
    expect(main.getByText('Open My Profile.')).toBeTruthy();
  });

  it('says so when the FAQs cannot be loaded', async () => {
    installFakeServer(
      siteRoutes({
        '/api/faqs': () => reply(400, { status: 'ERROR', message: 'Unknown publisher' }),
      }),
    );
    renderApp('/faqs');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to load FAQs. Please try again later.',
    );
    expect(screen.queryByText('Loading FAQs...')).toBeNull();
  });

  it('has the side menu in its header', async () => {
    installFakeServer(siteRoutes({ '/api/faqs': () => FAQS }));
    renderApp('/faqs');
    fireEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
  });
});
