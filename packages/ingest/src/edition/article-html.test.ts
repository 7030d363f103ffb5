import { describe, expect, it } from 'vitest';
import { articleHtml } from './article-html.ts';

describe('articleHtml', () => {
  it('escapes every text and uses only article, h1 and p', () => {
    expect(articleHtml('A <b>&</b> "B"', ["it's <script>alert(1)</script>"])).toBe(
      '<article><h1>A &lt;b&gt;&amp;&lt;/b&gt; &quot;B&quot;</h1><p>it&#39;s &lt;script&gt;alert(1)&lt;/script&gt;</p></article>',
    );
  });
});
