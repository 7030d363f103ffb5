// FAQ answers are editors' HTML that the subscribe page draws as markup (spec 2 §2:
// sanitised, links forced to https and opened in the same tab). The web app cleans
// them again with DOMPurify before drawing; cleaning here too means no other
// client of the API is handed a script, and a bad row never leaves the server.
import sanitize from 'sanitize-html';

/** Spec 2 §2's FAQ tags: text formatting, lists and links; nothing that runs or frames. */
export const FAQ_TAGS = ['p', 'b', 'i', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'br', 'span'];

// Resolving against a base of our own tells a path on this site from a link away.
const SITE = 'https://site.invalid';

/**
 * A link as the page may show it: a path on this site stays a path; an http or
 * https link elsewhere becomes https; any other scheme (javascript:, data:, mailto:)
 * is dropped.
 */
export function httpsHref(href: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href, SITE);
  } catch {
    return undefined;
  }
  if (url.origin === SITE) return `${url.pathname}${url.search}${url.hash}`;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.protocol = 'https:';
  return url.href;
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: FAQ_TAGS,
  allowedAttributes: { a: ['href', { name: 'target', values: ['_self'] }] },
  allowedSchemes: ['https'],
  allowProtocolRelative: false,
  // A script's or style's text goes with it; other unknown tags leave their text.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href === undefined ? undefined : httpsHref(attribs.href);
      return { tagName, attribs: { ...(href ? { href } : {}), target: '_self' } };
    },
  },
};

export function sanitizeFaqAnswer(html: string): string {
  return sanitize(html, OPTIONS);
}

/** The words a cleaned answer shows a reader, without its markup (empty when it shows none). */
export function faqAnswerText(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;|\s/g, ' ')
    .trim();
}
