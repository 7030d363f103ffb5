import { describe, expect, it } from 'vitest';
import { firstFrameMarkup } from './first-frames.ts';

describe('firstFrameMarkup', () => {
  it('escapes every text and attribute it writes', () => {
    const markup = firstFrameMarkup({
      kind: 'article',
      logo: '/brand/"x"/logo.svg',
      byline: '21/11/2026 · <Page 1>',
      language: 'en"',
      blocks: [
        { kind: 'title', text: '<script>alert("x")</script> & more' },
        { kind: 'photo', src: '/media/a"b.webp', alt: '"><img>', width: 10, height: 20 },
        { kind: 'caption', text: 'A <b>caption</b>' },
        { kind: 'paragraph', text: 'Text & <i>more</i>' },
      ],
    });
    expect(markup).toBe(
      '<div id="first-frame" class="first-frame first-frame-screen" aria-hidden="true">' +
        '<div class="first-frame-bar"><img src="/brand/&quot;x&quot;/logo.svg" alt="" width="180" height="32" /></div>' +
        '<div class="min-h-dvh px-3 pt-20 pb-28 outline-none sm:px-6"><article class="mx-auto max-w-[68ch] rounded-2xl bg-white px-5 py-8 shadow-sm ring-1 ring-ink/5 sm:px-10 sm:py-12">' +
        '<p class="mb-4 text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">21/11/2026 · &lt;Page 1&gt;</p>' +
        '<div lang="en&quot;" class="article-prose">' +
        '<h1>&lt;script&gt;alert("x")&lt;/script&gt; &amp; more</h1>' +
        '<figure><img src="/media/a&quot;b.webp" alt="&quot;&gt;&lt;img&gt;" width="10" height="20" /><figcaption>A &lt;b&gt;caption&lt;/b&gt;</figcaption></figure>' +
        '<p>Text &amp; &lt;i&gt;more&lt;/i&gt;</p>' +
        '</div></article></div></div>',
    );
  });

  it('puts a photo without a caption, or a stray caption, in a figure of its own', () => {
    const markup = firstFrameMarkup({
      kind: 'article',
      logo: '/l.svg',
      byline: 'b',
      language: 'kn',
      blocks: [
        { kind: 'photo', src: '/media/a.webp', alt: '', width: 1, height: 1 },
        { kind: 'paragraph', text: 'p' },
        { kind: 'caption', text: 'c' },
      ],
    });
    expect(markup).toContain(
      '<figure><img src="/media/a.webp" alt="" width="1" height="1" /></figure><p>p</p><figure><figcaption>c</figcaption></figure>',
    );
  });
});
