// What a screenshot review would catch, checked in the page itself: text that
// overflows its box or is cut off, anything reaching past the screen's width, and
// a control another element lies over (the element at the control's centre,
// by document.elementFromPoint, must be the control or inside it).
import type { Page } from '@playwright/test';

export interface LayoutReport {
  /** Controls whose centre was probed. */
  controls: number;
  faults: string[];
}

/**
 * Runs in the page. Everything it needs is inside, since page.evaluate sends the
 * function's source only.
 */
function inspect(): LayoutReport {
  const faults: string[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const viewportHeight = window.innerHeight;
  const name = (el: Element | null): string => {
    if (!el) return '(nothing)';
    const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '';
    const text = label.replace(/\s+/g, ' ').trim().slice(0, 50);
    const classes = Array.from(el.classList).slice(0, 3).join('.');
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes ? `.${classes}` : ''}>${text ? ` "${text}"` : ''}`;
  };
  // Visually hidden text for screen readers (sr-only: a 1 px box that clips) is
  // meant to be out of sight, and so is everything inside it.
  const srOnly = (el: Element) => {
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      const box = a.getBoundingClientRect();
      const style = getComputedStyle(a);
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      if (box.width <= 1 && box.height <= 1 && style.overflow !== 'visible') return true;
    }
    return false;
  };
  const shown = (el: Element) =>
    el.checkVisibility({ checkVisibilityCSS: true }) &&
    el.getBoundingClientRect().width > 0 &&
    el.getBoundingClientRect().height > 0 &&
    !srOnly(el);
  const clips = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
  const hasOwnText = (el: Element) =>
    Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());

  // An element is reported once, not again for each descendant it carries along.
  const reported = new Set<Element>();
  const underReported = (el: Element) => {
    for (let a = el.parentElement; a; a = a.parentElement) if (reported.has(a)) return true;
    return false;
  };

  const spills: { el: Element; fault: string }[] = [];
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
    if (!shown(el) || underReported(el)) continue;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();

    // Past the screen's edge, unless an ancestor clips or scrolls it.
    if (rect.right > viewportWidth + 1 || rect.left < -1) {
      let contained = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (clips(a)) contained = true;
      if (!contained) {
        reported.add(el);
        faults.push(
          `${name(el)} reaches past the screen (${Math.round(rect.left)}…${Math.round(rect.right)} of ${viewportWidth} px)`,
        );
        continue;
      }
    }

    // Its own text, cut by a box that hides what overflows it (its own or an
    // ancestor's): partly outside that box is a cut word. Wholly outside is a
    // design's choice (a slide of a carousel waiting its turn), and an ellipsis
    // says there is more; a carousel's next slide peeks in at the edge on
    // purpose (its aria-hidden slides).
    const peeking = el.closest('[aria-roledescription="slide"][aria-hidden="true"]') !== null;
    if (hasOwnText(el) && style.textOverflow !== 'ellipsis' && !peeking) {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if (overflow !== 'hidden' && overflow !== 'clip') continue;
        const box = a.getBoundingClientRect();
        const inside = lines.filter((r) => r.right > box.left && r.left < box.right);
        if (inside.some((r) => r.left < box.left - 1 || r.right > box.right + 1)) {
          reported.add(el);
          faults.push(`${name(el)} has its text cut off at the edge of ${name(a)}`);
          break;
        }
      }
      if (reported.has(el)) continue;
    }

    // Content spilling out of a box that lets it show, over whatever is beside it.
    // Inside a box that clips, what spills is hidden on purpose (a picture cut to
    // a clip, a strip of slides); text cut that way is caught above.
    if (style.display === 'inline' || style.display === 'contents') continue;
    const spill = el.scrollWidth - el.clientWidth;
    if (spill <= 1 || style.overflowX !== 'visible') continue;
    let clipped = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
      if (clips(a)) clipped = true;
    if (clipped) continue;
    spills.push({ el, fault: `${name(el)} overflows its box by ${spill} px` });
  }
  // A box that spills because something inside it does: the innermost is named.
  for (const { el, fault } of spills)
    if (!spills.some((other) => other.el !== el && el.contains(other.el))) faults.push(fault);

  // Controls: inside an open modal only, when there is one (the rest is inert).
  const modal = document.querySelector('dialog:modal');
  const scope: ParentNode = modal ?? document;
  const controls = Array.from(
    scope.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"]',
    ),
  ).filter(
    (el) =>
      shown(el) &&
      // Out of use: a disabled control, or one that takes no taps (a hidden arrow).
      !el.matches(':disabled') &&
      getComputedStyle(el).pointerEvents !== 'none' &&
      el.getBoundingClientRect().width >= 2 &&
      el.getBoundingClientRect().height >= 2 &&
      !el.closest('[inert], [aria-hidden="true"]'),
  );
  let probed = 0;
  for (const el of controls) {
    let pinned = false;
    for (let a: Element | null = el; a; a = a.parentElement) {
      const position = getComputedStyle(a).position;
      if (position === 'fixed' || position === 'sticky') pinned = true;
    }
    if (!pinned) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    // A link broken over two lines is tapped on a line of it, not between them.
    const rect = el.getClientRects()[0] ?? el.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x >= viewportWidth || y >= viewportHeight) continue;
    // Out of sight by design: past the edge of a box that clips or scrolls it
    // (a slide of a carousel, a thumbnail further along its strip).
    let hidden = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (!clips(a) && getComputedStyle(a).overflowY === 'visible') continue;
      const box = a.getBoundingClientRect();
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) hidden = true;
    }
    if (hidden) continue;
    probed += 1;
    // A short label broken over two lines is a control squeezed out of its room.
    if (el.matches('button, [role="button"], [role="tab"]')) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const words = text.textContent?.trim() ?? '';
        if (words.length === 0 || words.length > 24 || !text.parentElement) continue;
        if (!shown(text.parentElement)) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const tops = new Set(
          Array.from(range.getClientRects())
            .filter((r) => r.width > 0)
            .map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) faults.push(`${name(el)} wraps "${words}" over ${tops.size} lines`);
      }
    }
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) continue;
    // A control drawn by its label (a custom checkbox) is taken through the label.
    const labels = (el as HTMLInputElement).labels;
    if (hit && labels && Array.from(labels).some((label) => label.contains(hit))) continue;
    faults.push(`${name(el)} is covered by ${name(hit)}`);
  }
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  return { controls: probed, faults };
}

export function checkLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate(inspect);
}
