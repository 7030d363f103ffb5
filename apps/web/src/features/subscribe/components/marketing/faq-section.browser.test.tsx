// FAQ answers as the reader sees them, in Debian's Chromium (vitest.browser.config.ts):
// cleaning is the browser's own parsing, which happy-dom gets wrong for DOMPurify.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/providers.tsx';
import { createQueryClient } from '../../../../app/query-client.ts';
import { sanitizeFaqHtml } from '../../../../shared/lib/sanitize-html.ts';
import { installFakeServer } from '../../../../test/fake-server.ts';
import { FaqSection } from './faq-section.tsx';

const HOSTILE =
  '<p onclick="steal()" style="position:fixed">Read our <a href="http://www.deccanherald.com/privacy-policy" target="_blank">privacy policy</a>.</p>' +
  '<script>window.stolen = true</script><img src="x" onerror="steal()">' +
  '<a href="javascript:steal()">trap</a> <a href="/subscribe">plans</a><h1>Big</h1>' +
  '<iframe src="https://evil.example"></iframe><ul><li><span>kept</span></li></ul>';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FAQ answers', () => {
  it('are drawn cleaned: no script or handler, links https and in the same tab', async () => {
    installFakeServer({
      '/api/faqs': () => [{ id: 1, question: 'Is my payment secure?', answer: HOSTILE }],
    });
    render(
      <AppProviders client={createQueryClient()}>
        <FaqSection publisher="DH" />
      </AppProviders>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Is my payment secure?' }));
    const answer = screen.getByRole('region', { name: 'Is my payment secure?' });
    expect(answer.innerHTML).not.toMatch(
      /<script|onclick|onerror|style=|<img|<h1|<iframe|javascript:|http:\/\//,
    );
    const policy = within(answer).getByRole('link', { name: 'privacy policy' });
    expect(policy.getAttribute('href')).toBe('https://www.deccanherald.com/privacy-policy');
    expect(policy.getAttribute('target')).toBe('_self');
    expect(within(answer).getByRole('link', { name: 'plans' }).getAttribute('href')).toBe(
      '/subscribe',
    );
    expect(within(answer).getByText('kept').tagName).toBe('SPAN');
    expect(answer.textContent).toContain('Big');
    expect((window as { stolen?: boolean }).stolen).toBeUndefined();
  });
});

describe('sanitizeFaqHtml', () => {
  it('keeps the FAQ tags and nothing else', () => {
    const html =
      '<p><b>b</b><i>i</i><em>em</em><strong>s</strong><span>sp</span><br></p>' +
      '<ul><li>u</li></ul><ol><li>o</li></ol>';
    expect(sanitizeFaqHtml(html)).toBe(html);
    expect(sanitizeFaqHtml('<h2>Title</h2><div>box</div><table><tr><td>c</td></tr></table>')).toBe(
      'Titleboxc',
    );
  });

  it('forces links to https and the same tab, and drops other schemes', () => {
    expect(sanitizeFaqHtml('<a href="http://example.com/a?b=1">x</a>')).toBe(
      '<a href="https://example.com/a?b=1" target="_self">x</a>',
    );
    expect(sanitizeFaqHtml('<a href="https://example.com/" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/" target="_self">x</a>',
    );
    for (const href of ['javascript:alert(1)', ' java\tscript:alert(1)', 'data:text/html,x']) {
      expect(sanitizeFaqHtml(`<a href="${href}">x</a>`)).toBe('<a target="_self">x</a>');
    }
    expect(sanitizeFaqHtml('<a href="mailto:help@dh.example">x</a>')).toBe(
      '<a target="_self">x</a>',
    );
  });

  it('keeps a path on this site as written', () => {
    expect(sanitizeFaqHtml('<a href="/subscribe#faqs">x</a>')).toBe(
      '<a href="/subscribe#faqs" target="_self">x</a>',
    );
  });
});
