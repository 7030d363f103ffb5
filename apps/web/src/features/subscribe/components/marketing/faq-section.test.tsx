// The accordion in happy-dom; how answers are cleaned is the browser's own parsing,
// tested in Chromium (faq-section.browser.test.tsx).
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, reply } from '../../../../test/fake-server.ts';
import { FaqSection } from './faq-section.tsx';
import { renderWithQueries } from './marketing-test-kit.tsx';

const FAQS = [
  { id: 3, question: 'Can I read on more than one device?', answer: '<p>Yes, on all of them.</p>' },
  { id: 1, question: 'Is my payment secure?', answer: '<p>Encrypted, end to end.</p>' },
  { id: 2, question: 'How do I cancel auto-renewal?', answer: '<ul><li>Open My Profile</li></ul>' },
];

const questions = () =>
  screen.getAllByRole('button').map((button) => button.textContent?.trim() ?? '');
const expanded = (question: string) =>
  screen.getByRole('button', { name: question }).getAttribute('aria-expanded');

describe('FAQ section', () => {
  it('says it is loading, then lists the questions in the order the server sends under its heading', async () => {
    const server = installFakeServer({ '/api/faqs': () => FAQS });
    const { container } = renderWithQueries(<FaqSection publisher="DH" />);
    expect(screen.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(screen.getByText('Loading FAQs...')).toBeTruthy();
    await screen.findByRole('button', { name: 'Is my payment secure?' });
    expect(questions()).toEqual([
      'Can I read on more than one device?',
      'Is my payment secure?',
      'How do I cancel auto-renewal?',
    ]);
    expect(container.querySelector('section')?.id).toBe('faqs');
    expect(server.calls('/api/faqs')[0]?.searchParams.get('publisher')).toBe('DH');
  });

  it('opens one answer at a time', async () => {
    installFakeServer({ '/api/faqs': () => FAQS });
    renderWithQueries(<FaqSection publisher="DH" />);
    const first = await screen.findByRole('button', { name: 'How do I cancel auto-renewal?' });
    expect(screen.queryByText('Open My Profile')).toBeNull();
    fireEvent.click(first);
    expect(expanded('How do I cancel auto-renewal?')).toBe('true');
    expect(screen.getByText('Open My Profile')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Can I read on more than one device?' }));
    expect(expanded('Can I read on more than one device?')).toBe('true');
    expect(expanded('How do I cancel auto-renewal?')).toBe('false');
    expect(screen.queryByText('Open My Profile')).toBeNull();
    expect(screen.getByText('Yes, on all of them.')).toBeTruthy();
  });

  it('says so when the FAQs cannot be loaded', async () => {
    installFakeServer({ '/api/faqs': () => reply(404, { status: 'ERROR', message: 'Not found' }) });
    renderWithQueries(<FaqSection publisher="DH" />);
    expect(await screen.findByText('Failed to load FAQs. Please try again later.')).toBeTruthy();
    expect(screen.queryByText('Loading FAQs...')).toBeNull();
  });
});
