// Article HTML is built from extracted text, never copied from the PDF, so it is safe
// by construction: every character escaped, only <article>, <h1>, <figure> (an <img>
// and its <figcaption>) and <p>. A figure's width and height let the browser keep the
// photo's room before it loads.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (ch) => ESCAPES[ch] ?? ch);

export interface ArticleFigure {
  /** URL of the photo as the reader's page must ask for it. */
  src: string;
  caption: string;
  width: number;
  height: number;
}

function figureHtml({ src, caption, width, height }: ArticleFigure): string {
  const text = escapeHtml(caption);
  const size = `width="${Math.round(width)}" height="${Math.round(height)}"`;
  const image = `<img src="${escapeHtml(src)}" alt="${text}" ${size}>`;
  return `<figure>${image}${caption ? `<figcaption>${text}</figcaption>` : ''}</figure>`;
}

export function articleHtml(
  title: string,
  paragraphs: readonly string[],
  figures: readonly ArticleFigure[] = [],
): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<article><h1>${escapeHtml(title)}</h1>${figures.map(figureHtml).join('')}${body}</article>`;
}
