import { describe, expect, it } from 'vitest';
import { articleHtml } from './article-html.ts';

describe('articleHtml', () => {
  it('escapes every text and uses only article, h1 and p', () => {
    expect(articleHtml('A <b>&</b> "B"', ["it's <script>alert(1)</script>"])).toBe(
      '<article><h1>A &lt;b&gt;&amp;&lt;/b&gt; &quot;B&quot;</h1><p>it&#39;s &lt;script&gt;alert(1)&lt;/script&gt;</p></article>',
    );
  });

  it('puts each photo after the headline as a figure, sized, with its caption as alt and figcaption', () => {
    const figure = {
      src: '/media/e/p01-a01-f1.webp',
      caption: 'The bridge',
      width: 640,
      height: 360.4,
    };
    expect(articleHtml('Title', ['Body.'], [figure])).toBe(
      '<article><h1>Title</h1><figure><img src="/media/e/p01-a01-f1.webp" alt="The bridge" width="640" height="360"><figcaption>The bridge</figcaption></figure><p>Body.</p></article>',
    );
  });

  it('escapes a caption and a source in attributes and text, and leaves out an empty caption', () => {
    const html = articleHtml(
      'T',
      [],
      [
        {
          src: '/media/a"><script>x</script>.webp',
          caption: '"><img src=x onerror=alert(1)>',
          width: 10,
          height: 5,
        },
        { src: '/media/b.webp', caption: '', width: 10, height: 5 },
      ],
    );
    expect(html).toBe(
      '<article><h1>T</h1>' +
        '<figure><img src="/media/a&quot;&gt;&lt;script&gt;x&lt;/script&gt;.webp" alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" width="10" height="5"><figcaption>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</figcaption></figure>' +
        '<figure><img src="/media/b.webp" alt="" width="10" height="5"></figure>' +
        '</article>',
    );
  });
});
