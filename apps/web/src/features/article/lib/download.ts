// Download (spec 2 §2, §6): the server draws the article's watermarked clip; the
// browser fetches it (so a refusal can be told apart from success) and saves it
// under the server's file name.
import { isoToCompact } from '@folio/core';
import { withQuery } from '../../../shared/lib/http.ts';

export interface DownloadTarget {
  publisher: string;
  date: string;
  edition: number;
  articleId: string;
}

export function downloadUrl(target: DownloadTarget): string {
  return withQuery('/api/epaper/article-download', {
    date: isoToCompact(target.date),
    edition: target.edition,
    publisher: target.publisher,
    article: target.articleId,
  });
}

const FILE_NAME = /filename="([^"]+)"/;

/** Fetches and saves the clip; false when the server refused or the network failed. */
export async function downloadArticle(target: DownloadTarget): Promise<boolean> {
  try {
    const res = await fetch(downloadUrl(target), { credentials: 'same-origin' });
    if (!res.ok) return false;
    const blob = await res.blob();
    const name =
      FILE_NAME.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
      `${target.articleId}.jpg`;
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked on the next task, once the browser has started saving it.
    window.setTimeout(() => URL.revokeObjectURL(href), 0);
    return true;
  } catch {
    return false;
  }
}
