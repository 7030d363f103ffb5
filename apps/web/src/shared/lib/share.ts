// Sharing an article (spec 2 §2 "Share dialog", §4 "Share"): the device's own share
// sheet where the browser has one (a cancelled sheet is not an error), else the
// dialog with the networks, e-mail and the link to copy.

export interface SharedArticle {
  title: string;
  url: string;
}

/** The networks of the share dialog, each a plain link that opens their share page. */
export function shareTargets({ title, url }: SharedArticle): { name: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'X', href: `https://x.com/intent/tweet?text=${t}&url=${u}` },
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { name: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { name: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

/** What a reader's copy of article text is replaced with (spec 2 §2). */
export function shareSentence({ title, url }: SharedArticle, brandName: string): string {
  return `Read "${title}" in the ${brandName} e-paper: ${url}`;
}

/**
 * The device's share sheet: 'shared', 'cancelled' (the reader closed it), or
 * 'unavailable' when the browser has none or refuses this share.
 */
export async function shareNatively(
  article: SharedArticle,
): Promise<'shared' | 'cancelled' | 'unavailable'> {
  const data = { title: article.title, url: article.url };
  if (typeof navigator.share !== 'function' || navigator.canShare?.(data) === false)
    return 'unavailable';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError'
      ? 'cancelled'
      : 'unavailable';
  }
}

/** Copies text: the async clipboard, else the older selection-and-copy way (spec 2 §4). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.append(field);
    field.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    field.remove();
    return copied;
  }
}
