// Sharing the article (spec 2 §2 "Share dialog", §4 "Share"): the device's share
// sheet where there is one, else the share dialog; and a copy inside the article
// gives the share sentence, not the text.
import { useState, type ClipboardEvent } from 'react';
import { articleHref, type PagePlace } from '../../../shared/lib/reader-links.ts';
import { shareNatively, shareSentence, type SharedArticle } from '../../../shared/lib/share.ts';
import { track } from '../../../shared/lib/tracking.ts';

interface SharedHotspot {
  id: string;
  title: string;
}

export function useArticleSharing(
  article: SharedHotspot | undefined,
  place: PagePlace,
  brandName: string,
) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const shared: SharedArticle | undefined = article && {
    title: article.title,
    url: `${window.location.origin}${articleHref(article.id, place)}`,
  };
  const onShared = (method: string) => track('share', { article_id: article?.id, method });

  const share = async () => {
    if (!shared) return;
    const outcome = await shareNatively(shared);
    if (outcome === 'shared') onShared('native');
    else if (outcome === 'unavailable') setDialogOpen(true);
  };

  const onCopy = (event: ClipboardEvent<HTMLElement>) => {
    if (!shared) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', shareSentence(shared, brandName));
  };

  return {
    share: () => void share(),
    onCopy,
    /** The share dialog's article while it is open. */
    dialog: dialogOpen ? shared : undefined,
    closeDialog: () => setDialogOpen(false),
    onShared,
  };
}
