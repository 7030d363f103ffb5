// An article's HTML file (built by ingest from extracted text: packages/ingest,
// edition/article-html.ts) read back into the blocks a document's first frame draws.
// Only what ingest writes is taken — a headline, paragraphs, a photo from the
// issue's own media and its caption — as plain text and numbers, so a file that
// was tampered with can put no markup of its own into the document.
import { MEDIA_ROUTE } from '../media/index.ts';
import type { ArticleBlock } from '../../http/web-app.ts';

const BLOCK = /<(h1|p|figcaption)>([^<]*)<\/\1>|<img\s([^<>]*)\/?>/g;
const ATTRIBUTE = /([a-z]+)="([^"<>]*)"/g;
const DIMENSION = /^\d{1,5}$/;
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The text as ingest escaped it, unescaped (the frame escapes it again as it writes it). */
const unescape = (value: string) =>
  value.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

function photo(attributes: string): ArticleBlock | undefined {
  const found = new Map([...attributes.matchAll(ATTRIBUTE)].map((m) => [m[1], m[2] ?? '']));
  const src = found.get('src') ?? '';
  const width = found.get('width') ?? '';
  const height = found.get('height') ?? '';
  if (!src.startsWith(`${MEDIA_ROUTE}/`) || src.includes('..') || src.includes('?')) return;
  if (!DIMENSION.test(width) || !DIMENSION.test(height)) return;
  return {
    kind: 'photo',
    src,
    width: Number(width),
    height: Number(height),
    alt: unescape(found.get('alt') ?? ''),
  };
}

export function articleFrameBlocks(html: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  for (const [, tag, content = '', attributes] of html.matchAll(BLOCK)) {
    if (attributes !== undefined) {
      const image = photo(attributes);
      if (image) blocks.push(image);
      continue;
    }
    const kind = tag === 'h1' ? 'title' : tag === 'p' ? 'paragraph' : 'caption';
    blocks.push({ kind, text: unescape(content) });
  }
  return blocks;
}
