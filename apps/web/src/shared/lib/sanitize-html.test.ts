import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the article markup the spec allows', () => {
    const html =
      '<h1 class="head">Title</h1><p id="p1" style="color: red">Text <b>bold</b> <em>em</em><br></p><ul><li>one</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('unwraps unknown containers but keeps their text', () => {
    expect(sanitizeHtml('<article><section><h1>T</h1><p>Body</p></section></article>')).toBe(
      '<h1>T</h1><p>Body</p>',
    );
  });

  it('drops scripts, styles and embedded frames with their content', () => {
    // No iframe src here: happy-dom, unlike browsers, loads frames inside DOMParser documents.
    const clean = sanitizeHtml(
      '<p>a</p><script>alert(1)</script><style>p{}</style><iframe></iframe><p>b</p><svg><script>1</script></svg>',
    );
    expect(clean).toBe('<p>a</p><p>b</p>');
  });

  it('strips event handler attributes and any attribute off the list', () => {
    const clean = sanitizeHtml(
      '<p onclick="steal()" onmouseover="x()" data-x="1" title="t">hi</p><img src=x onerror="alert(1)">',
    );
    expect(clean).toBe('<p>hi</p>');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ])('removes the unsafe link %j', (href) => {
    const clean = sanitizeHtml(`<a href="${href}">x</a>`);
    expect(clean).toBe('<a>x</a>');
  });

  it('keeps web, mail and relative links, and isolates new tabs', () => {
    expect(sanitizeHtml('<a href="https://dh.example/a" target="_blank">x</a>')).toBe(
      '<a href="https://dh.example/a" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:desk@dh.example">m</a><a href="/faqs">f</a>')).toBe(
      '<a href="mailto:desk@dh.example">m</a><a href="/faqs">f</a>',
    );
  });

  it('drops styles that could load or run anything', () => {
    expect(sanitizeHtml('<p style="background:url(javascript:alert(1))">x</p>')).toBe('<p>x</p>');
  });

  it('drops comments', () => {
    expect(sanitizeHtml('<p>a<!-- secret --></p>')).toBe('<p>a</p>');
  });
});
