// Article HTML is injected into the reader's page, so it is cleaned on arrival by
// DOMPurify with a strict allow-list. Ingest builds article HTML from escaped text
// (packages/ingest article-html.ts) and never sanitises; this module is the one place
// that does. The tags are the spec's (spec 2 §5) and the article's photos (figure,
// img, figcaption); the attributes are narrower than the spec's list (issue 6 part 7):
// `style`, `class` and `id` would let an article cover the screen with a fixed overlay
// or clobber the app's own ids, so only `href` stays, and on an img its size, alt,
// loading and a src on this site's /media/ (which applies the page's access rule).
import createDOMPurify from 'dompurify';

const ARTICLE_TAGS = [
  'p',
  'b',
  'i',
  'em',
  'strong',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'br',
  'div',
  'span',
  'figure',
  'img',
  'figcaption',
];
/** Attributes an img may keep, and only an img. */
const IMAGE_ATTRIBUTES = new Set(['src', 'alt', 'width', 'height', 'loading']);
const ARTICLE_ATTRIBUTES = ['href', ...IMAGE_ATTRIBUTES];
const MEDIA_PATH = '/media/';
const PIXELS = /^\d{1,5}$/;

// What the URL parser reads as a scheme once it has dropped tabs, newlines and the
// surrounding controls and spaces ("\tjava\nscript:" is "javascript:").
const WRITTEN_SCHEME = /^[a-z][a-z\d+.-]*:/i;
// eslint-disable-next-line no-control-regex
const IGNORED_BY_URL_PARSER = /[\u0000-\u0020]/g;

function resolve(href: string): URL | undefined {
  try {
    return new URL(href, window.location.href);
  } catch {
    return undefined;
  }
}

/** Only https links and links written relative to this site survive. */
function isAllowedLink(href: string): boolean {
  const url = resolve(href);
  if (!url) return false;
  if (url.protocol === 'https:') return true;
  const relative = !WRITTEN_SCHEME.test(href.replace(IGNORED_BY_URL_PARSER, ''));
  return relative && url.origin === window.location.origin;
}

/** A photo comes only from this site's media, written as a path (no scheme, no other host). */
function isMediaSource(src: string): boolean {
  if (!src.startsWith(MEDIA_PATH)) return false;
  const url = resolve(src);
  // Resolved, so "/media/../api/…" and its encoded forms are judged by where they lead.
  return url?.origin === window.location.origin && url.pathname.startsWith(MEDIA_PATH);
}

function keepsImageAttribute(name: string, value: string): boolean {
  if (name === 'src') return isMediaSource(value);
  if (name === 'width' || name === 'height') return PIXELS.test(value);
  if (name === 'loading') return value === 'lazy' || value === 'eager';
  return true;
}

// An instance of our own, so these hooks never reach another caller of DOMPurify.
const purifier = createDOMPurify(window);

purifier.addHook('uponSanitizeAttribute', (element, event) => {
  const { attrName, attrValue } = event;
  if (attrName === 'href' && !isAllowedLink(attrValue)) event.keepAttr = false;
  if (IMAGE_ATTRIBUTES.has(attrName)) {
    const isImage = element.localName === 'img';
    if (!isImage || !keepsImageAttribute(attrName, attrValue)) event.keepAttr = false;
  }
});

purifier.addHook('afterSanitizeAttributes', (element) => {
  if (element.localName === 'img') {
    // An image from anywhere else is no image at all.
    if (!element.hasAttribute('src')) element.remove();
    // Decoded off the main thread: a photo never holds up the article's text.
    else element.setAttribute('decoding', 'async');
    return;
  }
  if (element.localName !== 'a') return;
  const url = resolve(element.getAttribute('href') ?? '');
  if (url && element.hasAttribute('href') && url.origin !== window.location.origin) {
    // Another site opens in its own tab, with no handle on the reader's window.
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer');
  }
});

/** Returns `html` reduced to the article allow-list: the spec's tags and photos, `href` and an img's own attributes only. */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: ARTICLE_TAGS,
    ALLOWED_ATTR: ARTICLE_ATTRIBUTES,
    ALLOW_ARIA_ATTR: false,
    ALLOW_DATA_ATTR: false,
  });
}

// FAQ answers (spec 2 §2) are cleaned by a purifier of their own: fewer tags than an
// article, and every link opens in the same tab, forced to https.
const FAQ_TAGS = ['p', 'b', 'i', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'br', 'span'];

/** A path on this site stays as written; an http(s) link elsewhere becomes https; else none. */
function httpsLink(href: string): string | undefined {
  const url = resolve(href);
  if (!url) return undefined;
  const relative = !WRITTEN_SCHEME.test(href.replace(IGNORED_BY_URL_PARSER, ''));
  if (relative && url.origin === window.location.origin) return href;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.protocol = 'https:';
  return url.href;
}

const faqPurifier = createDOMPurify(window);

faqPurifier.addHook('uponSanitizeAttribute', (_element, event) => {
  if (event.attrName !== 'href') return;
  const href = httpsLink(event.attrValue);
  if (href === undefined) event.keepAttr = false;
  else event.attrValue = href;
});

faqPurifier.addHook('afterSanitizeAttributes', (element) => {
  if (element.localName === 'a') element.setAttribute('target', '_self');
});

/** Returns a FAQ answer reduced to the FAQ allow-list, its links https and in the same tab. */
export function sanitizeFaqHtml(html: string): string {
  return faqPurifier.sanitize(html, {
    ALLOWED_TAGS: FAQ_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOW_ARIA_ATTR: false,
    ALLOW_DATA_ATTR: false,
  });
}
