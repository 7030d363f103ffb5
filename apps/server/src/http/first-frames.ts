// What a document draws before any script has run (its first frame): the screen as
// the app will draw it, in the same place and with the same look, so the reader on
// a slow connection sees it as soon as the document and the stylesheet are in,
// instead of once ~140 KB of scripts have arrived and run. The markup carries the
// very class names the app's screens draw with (Tailwind utilities, and
// `.article-prose` and `.first-frame*` in styles.css), repeated below: each names
// its component, and e2e/first-frame.spec.ts fails when the frame and the screen
// do not lie in the same place. (Named classes of their own would have cost the
// reader's first load, which has no room, the bytes of a second copy of each
// utility.) The frame is decoration
// (aria-hidden, no taps); the app removes it once it has drawn its own screen
// (web: shared/hooks/use-first-frame-handoff.ts). No style attribute: CSP allows none.

/** A part of an article's text, as its HTML file has it (ingest: article-html.ts). */
export type ArticleBlock =
  | { kind: 'title' | 'paragraph' | 'caption'; text: string }
  | { kind: 'photo'; src: string; width: number; height: number; alt: string };

export type FirstFrame =
  /** At /: the landing page's preview, kept at the page's aspect ratio until it arrives. */
  | { kind: 'page'; logo: string; preview: string; width: number; height: number }
  /** At /article/{id}, when the article is open to every reader. */
  | { kind: 'article'; logo: string; byline: string; language: string; blocks: ArticleBlock[] }
  /** At /search without a query: the search bar's place and the invitation to search. */
  | { kind: 'search'; heading: string }
  /** At /subscribe: the page's heading, which the plans follow. */
  | { kind: 'subscribe'; logo: string; title: string; subtitle: string };

const text = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const attribute = (value: string) => text(value).replaceAll('"', '&quot;');

/** HotspotViewer's main area (web: shared/ui/hotspot-viewer.tsx). */
const HOTSPOT_MAIN = 'min-h-dvh px-3 pt-20 pb-28 outline-none sm:px-6';
/** ArticleText's sheet, byline (web: features/article/components/article-text.tsx). */
const ARTICLE_SHEET =
  'mx-auto max-w-[68ch] rounded-2xl bg-white px-5 py-8 shadow-sm ring-1 ring-ink/5 sm:px-10 sm:py-12';
const ARTICLE_BYLINE = 'mb-4 text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase';
/** SearchScreen's main area and its invitation (web: features/search/search-screen.tsx). */
const SEARCH_MAIN = 'mx-auto max-w-3xl px-3 pt-20 pb-12 outline-none';
const SEARCH_START = 'flex min-h-[50vh] flex-col items-center justify-center gap-2 text-center';
const SEARCH_START_TITLE = 'font-serif text-xl font-semibold text-ink';
/** SubscribeScreen's heading (web: features/subscribe/subscribe-screen.tsx). */
const SUBSCRIBE_MAIN = 'px-4 pt-20 sm:px-6';
const SUBSCRIBE_TITLE = 'font-serif text-3xl font-bold text-brand sm:text-4xl';
const SUBSCRIBE_SUBTITLE = 'mt-2 text-base text-ink-soft';

const bar = (logo: string) =>
  `<div class="first-frame-bar"><img src="${attribute(logo)}" alt="" width="180" height="32" /></div>`;

function articleBlock(block: ArticleBlock): string {
  switch (block.kind) {
    case 'title':
      return `<h1>${text(block.text)}</h1>`;
    case 'paragraph':
      return `<p>${text(block.text)}</p>`;
    case 'caption':
      return `<figcaption>${text(block.text)}</figcaption>`;
    case 'photo':
      return `<img src="${attribute(block.src)}" alt="${attribute(block.alt)}" width="${block.width}" height="${block.height}" />`;
  }
}

/** The article's blocks, a photo and the caption after it in one figure, as the HTML file has them. */
function articleBody(blocks: readonly ArticleBlock[]): string {
  const parts: string[] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i] as ArticleBlock;
    if (block.kind !== 'photo' && block.kind !== 'caption') {
      parts.push(articleBlock(block));
      continue;
    }
    const figure = [articleBlock(block)];
    const next = blocks[i + 1];
    if (block.kind === 'photo' && next?.kind === 'caption') {
      figure.push(articleBlock(next));
      i += 1;
    }
    parts.push(`<figure>${figure.join('')}</figure>`);
  }
  return parts.join('');
}

function frameContent(frame: FirstFrame): string {
  switch (frame.kind) {
    case 'page':
      return (
        bar(frame.logo) +
        `<img class="first-frame-page" src="${attribute(frame.preview)}" alt="" width="${frame.width}" height="${frame.height}" fetchpriority="high" />`
      );
    case 'article':
      return [
        bar(frame.logo),
        `<div class="${HOTSPOT_MAIN}"><article class="${ARTICLE_SHEET}">`,
        `<p class="${ARTICLE_BYLINE}">${text(frame.byline)}</p>`,
        `<div lang="${attribute(frame.language)}" class="article-prose">${articleBody(frame.blocks)}</div>`,
        '</article></div>',
      ].join('');
    case 'search':
      return [
        '<div class="first-frame-bar first-frame-search-bar"></div>',
        `<div class="${SEARCH_MAIN}"><div class="${SEARCH_START}">`,
        `<h2 class="${SEARCH_START_TITLE}">${text(frame.heading)}</h2>`,
        '</div></div>',
      ].join('');
    case 'subscribe':
      return [
        bar(frame.logo),
        `<div class="${SUBSCRIBE_MAIN}"><div class="mx-auto max-w-6xl"><header class="text-center">`,
        `<h1 class="${SUBSCRIBE_TITLE}">${text(frame.title)}</h1>`,
        `<p class="${SUBSCRIBE_SUBTITLE}">${text(frame.subtitle)}</p>`,
        '</header></div></div>',
      ].join('');
  }
}

export function firstFrameMarkup(frame: FirstFrame): string {
  // A page frame lies over the reader's loading state and lets its page show round
  // it; a screen frame covers the app's whole screen until the app takes over.
  const kind = frame.kind === 'page' ? 'first-frame' : 'first-frame first-frame-screen';
  return `<div id="first-frame" class="${kind}" aria-hidden="true">${frameContent(frame)}</div>`;
}
