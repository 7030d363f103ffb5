// The allow-list's rules, one by one, in Debian's Chromium (vitest.browser.config.ts).
// The reader's real rendering path meets the XSS corpus in e2e/article-xss.spec.ts.
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps the article markup ingest writes, without its container', () => {
    expect(sanitizeHtml('<article><h1>A &amp; B</h1><p>1 &lt; 2</p></article>')).toBe(
      '<h1>A &amp; B</h1><p>1 &lt; 2</p>',
    );
  });

  it('keeps every tag of the spec', () => {
    const html =
      '<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>' +
      '<div><p><b>b</b><i>i</i><em>em</em><strong>s</strong><span>sp</span><br></p></div>' +
      '<ul><li>u</li></ul><ol><li>o</li></ol>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('unwraps tags off the list but keeps their text', () => {
    expect(
      sanitizeHtml(
        '<section><font color="red">a</font><table><tr><td>b</td></tr></table></section>',
      ),
    ).toBe('ab');
  });

  it('strips style, class and id, so no overlay and no clobbered app root', () => {
    expect(
      sanitizeHtml(
        '<div id="root" class="fixed inset-0 z-50" style="position:fixed;inset:0;z-index:99">x</div>',
      ),
    ).toBe('<div>x</div>');
  });

  it('drops a style that hides url( behind a CSS escape, since no style survives', () => {
    expect(sanitizeHtml('<p style="background:u\\72l(https://evil.example/t)">x</p>')).toBe(
      '<p>x</p>',
    );
  });

  it('strips event handlers and every other attribute', () => {
    expect(
      sanitizeHtml(
        '<p onclick="steal()" onmouseover="x()" data-x="1" aria-label="l" title="t" name="n" lang="en">hi</p>',
      ),
    ).toBe('<p>hi</p>');
  });

  it('empties the is attribute, so no customised built-in element is made', () => {
    expect(sanitizeHtml('<div is="x-y">c</div>')).toBe('<div is="">c</div>');
  });

  it('drops scripts, styles, frames, forms, svg and math with what they contain', () => {
    expect(
      sanitizeHtml(
        '<p>a</p><script>alert(1)</script><style>p{}</style><iframe></iframe><template><p>t</p></template>' +
          '<noscript><p>n</p></noscript><svg><script>1</script></svg><math><mi>m</mi></math><p>b</p>',
      ),
    ).toBe('<p>a</p><p>b</p>');
    expect(
      sanitizeHtml('<form action="https://evil.example"><input name="q"><p>f</p></form>'),
    ).toBe('<p>f</p>');
    expect(sanitizeHtml('<img src="https://dh.example/a.png" onerror="x()"><p>i</p>')).toBe(
      '<p>i</p>',
    );
  });

  it("keeps an article's photo from this site's media, sized, decoded off the main thread", () => {
    const figure =
      '<figure><img src="/media/editions/dh/2026-11-21/2/run/p01-a01-f1.webp" alt="The bridge" width="640" height="360" loading="eager">' +
      '<figcaption>The bridge</figcaption></figure>';
    expect(sanitizeHtml(`<article><h1>T</h1>${figure}<p>x</p></article>`)).toBe(
      '<h1>T</h1>' +
        '<figure><img src="/media/editions/dh/2026-11-21/2/run/p01-a01-f1.webp" alt="The bridge" width="640" height="360" loading="eager" decoding="async">' +
        '<figcaption>The bridge</figcaption></figure><p>x</p>',
    );
  });

  it.each([
    'https://evil.example/media/a.webp',
    '//evil.example/media/a.webp',
    'data:image/png;base64,iVBORw0KGgo=',
    'javascript:alert(1)',
    'media/a.webp',
    '/api/auth/me',
    '/media/../api/auth/me',
    '/media/%2e%2e/api/auth/me',
    '/media/..\\api/auth/me',
  ])("drops an image whose src %j is not on this site's /media/", (src) => {
    expect(
      sanitizeHtml(`<figure><img src="${src}" alt="a"><figcaption>c</figcaption></figure>`),
    ).toBe('<figure><figcaption>c</figcaption></figure>');
  });

  it('keeps on an image only its own attributes, with sizes in pixels and a known loading', () => {
    expect(
      sanitizeHtml(
        '<img src="/media/a.webp" width="100%" height="9e9" loading="auto" srcset="https://evil.example/a 1x" onerror="x()" style="position:fixed">',
      ),
    ).toBe('<img src="/media/a.webp" decoding="async">');
    expect(sanitizeHtml('<p src="/media/a.webp" alt="a" width="1">p</p>')).toBe('<p>p</p>');
  });

  it('drops comments', () => {
    expect(sanitizeHtml('<p>a<!-- secret --></p>')).toBe('<p>a</p>');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' java\tscript:alert(1)',
    '&#106;avascript:alert(1)',
    'java&#x0A;script:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://dh.example/a',
    'HTTP://dh.example/a',
    'mailto:desk@dh.example',
    'tel:+911234567890',
    'ftp://dh.example/a',
    'http:/evil.example',
  ])('removes the link %j, which is neither https nor relative', (href) => {
    expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
  });

  it('removes a link to another site written without a scheme when the site is not on https', () => {
    // Vitest serves these tests over plain http, so //host would leave over http too.
    expect(window.location.protocol).toBe('http:');
    expect(sanitizeHtml('<a href="//evil.example/a">x</a>')).toBe('<a>x</a>');
  });

  it.each(['http://', ' http://', 'ht\ttp://'])(
    'removes an http link to this very site written with its scheme (%j)',
    (scheme) => {
      const href = `${scheme}${window.location.host}/faqs`;
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    },
  );

  it('keeps links relative to the site in the same tab', () => {
    expect(sanitizeHtml('<a href="/faqs">f</a><a href="#top">t</a><a href="page?x=1">p</a>')).toBe(
      '<a href="/faqs">f</a><a href="#top">t</a><a href="page?x=1">p</a>',
    );
  });

  it('opens https links to other sites in a new tab without a handle on this window', () => {
    expect(sanitizeHtml('<a href="https://dh.example/a" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://dh.example/a" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops a target and rel the article sets on a link that stays on the site', () => {
    expect(sanitizeHtml('<a href="/faqs" target="_top" rel="opener">f</a>')).toBe(
      '<a href="/faqs">f</a>',
    );
  });
});
