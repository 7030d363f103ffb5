// Article HTML is sanitised by the server already; the client cleans it again
// because it is injected into the page, and defence in depth is cheap here.
// Allow-list from the spec: only these tags and attributes survive.

const ALLOWED_TAGS = new Set([
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
]);
const ALLOWED_ATTRIBUTES = new Set(['href', 'target', 'class', 'id', 'style']);

// Elements whose content is code or foreign markup, never readable text: dropped whole.
// Any other unknown element (article, section, font …) is unwrapped so its text stays.
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noscript',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'title',
  'head',
]);

const SAFE_URL = /^(?:https?:|mailto:|tel:|[/?#.]|[^:]*$)/i;
const UNSAFE_STYLE = /url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:/i;
const ALLOWED_TARGETS = new Set(['_blank', '_self']);

function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_URL.test(compact);
}

function keepAttribute(element: Element, name: string, value: string): boolean {
  if (!ALLOWED_ATTRIBUTES.has(name)) return false;
  if (name === 'href') return element.localName === 'a' && isSafeUrl(value);
  if (name === 'target') return element.localName === 'a' && ALLOWED_TARGETS.has(value);
  if (name === 'style') return !UNSAFE_STYLE.test(value);
  return true;
}

function cleanAttributes(element: Element): void {
  for (const { name, value } of Array.from(element.attributes)) {
    if (!keepAttribute(element, name.toLowerCase(), value)) element.removeAttribute(name);
  }
  if (element.getAttribute('target') === '_blank') {
    // A new tab must not get a handle on this window.
    element.setAttribute('rel', 'noopener noreferrer');
  }
}

function cleanChildren(parent: Node): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.ELEMENT_NODE) {
      const element = node as Element;
      const tag = element.localName;
      if (DROPPED_WITH_CONTENT.has(tag)) {
        element.remove();
        continue;
      }
      cleanChildren(element);
      if (ALLOWED_TAGS.has(tag)) {
        cleanAttributes(element);
      } else {
        element.replaceWith(...Array.from(element.childNodes));
      }
    } else if (node.nodeType !== Node.TEXT_NODE) {
      // Comments, processing instructions and CDATA carry nothing a reader needs.
      parent.removeChild(node);
    }
  }
}

/** Returns `html` reduced to the spec's allow-listed tags and attributes. */
export function sanitizeHtml(html: string): string {
  // DOMParser documents are inert: scripts do not run and images do not load while we clean.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
