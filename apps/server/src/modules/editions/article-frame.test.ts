import { describe, expect, it } from 'vitest';
import { articleFrameBlocks } from './article-frame.ts';

describe('articleFrameBlocks', () => {
  it('reads back what ingest writes: headline, photo, caption and paragraphs, unescaped', () => {
    const html =
      '<article><h1>Rain &amp; wind</h1>' +
      '<figure><img src="/media/editions/dh/p01-a01-f1.webp" alt="A &quot;wet&quot; day" width="800" height="533"><figcaption>A &quot;wet&quot; day</figcaption></figure>' +
      '<p>It rained &lt;a lot&gt;.</p><p>Then it stopped, didn&#39;t it?</p></article>';
    expect(articleFrameBlocks(html)).toEqual([
      { kind: 'title', text: 'Rain & wind' },
      {
        kind: 'photo',
        src: '/media/editions/dh/p01-a01-f1.webp',
        alt: 'A "wet" day',
        width: 800,
        height: 533,
      },
      { kind: 'caption', text: 'A "wet" day' },
      { kind: 'paragraph', text: 'It rained <a lot>.' },
      { kind: 'paragraph', text: "Then it stopped, didn't it?" },
    ]);
  });

  it('takes no markup of its own from a file that is not what ingest wrote', () => {
    const html =
      '<h1 onclick="x()">Clicked</h1><script>alert(1)</script><p>Kept</p>' +
      '<p><b>bold</b></p><img src="https://elsewhere.example/x.png" width="1" height="1">' +
      '<img src="/media/../secret" width="1" height="1"><img src="/media/a.webp?x=1" width="1" height="1">' +
      '<img src="/media/a.webp" width="wide" height="1"><img src="/media/a.webp" width="1" height="123456">' +
      '<iframe src="/media/a.html"></iframe>';
    expect(articleFrameBlocks(html)).toEqual([{ kind: 'paragraph', text: 'Kept' }]);
  });

  it('leaves an unknown entity as written, to be escaped again', () => {
    expect(articleFrameBlocks('<p>&copy; 2026 &amp; on</p>')).toEqual([
      { kind: 'paragraph', text: '&copy; 2026 & on' },
    ]);
  });
});
