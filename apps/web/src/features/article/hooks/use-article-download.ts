// Download (spec 2 §2, §6): saves the article's watermarked clip and says how it went.
import { useState } from 'react';
import { track } from '../../../shared/lib/tracking.ts';
import { notify } from '../../../shared/ui/toaster.tsx';
import { downloadArticle, type DownloadTarget } from '../lib/download.ts';

export function useArticleDownload(target: DownloadTarget) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    const saved = await downloadArticle(target);
    setDownloading(false);
    if (saved) {
      notify.success('Download successful');
      track('download_article', { article_id: target.articleId });
    } else notify.error('Download failed');
  };
  return { downloading, download: () => void download() };
}
