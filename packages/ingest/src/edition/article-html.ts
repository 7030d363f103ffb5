// Article HTML is built from extracted text, never copied from the PDF, so it is safe
// by construction: every character escaped, only <article>, <h1> and <p>.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (ch) => ESCAPES[ch] ?? ch);

export function articleHtml(title: string, paragraphs: readonly string[]): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<article><h1>${escapeHtml(title)}</h1>${body}</article>`;
}
